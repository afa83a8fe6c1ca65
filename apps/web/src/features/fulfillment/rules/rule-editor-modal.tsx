import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import {
  RULE_ACTION_LABELS,
  RULE_CONDITION_LABELS,
  SHIPPING_METHODS,
  type OrderRule,
  type SaveOrderRuleBody,
} from '@atelier/contract/fulfillment/rules';
import { ORDER_ORIGIN_LABELS, ORDER_ORIGINS } from '@atelier/contract/sales/order-values';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useSaveRule } from './rule-queries';
import {
  draftOf,
  EMPTY_RULE_DRAFT,
  emptyAction,
  emptyCondition,
  formFieldOf,
  RuleFormSchema,
  type RuleDraft,
} from './rule-form-schema';

const CONDITION_KINDS = Object.entries(RULE_CONDITION_LABELS).map(([value, label]) => ({
  value,
  label,
}));
const ACTION_KINDS = Object.entries(RULE_ACTION_LABELS).map(([value, label]) => ({
  value,
  label,
}));
const CHANNELS = ORDER_ORIGINS.map((origin) => ({
  value: origin,
  label: ORDER_ORIGIN_LABELS[origin],
}));

type FieldsProps = {
  index: number;
  control: Control<RuleDraft, unknown, SaveOrderRuleBody>;
  register: UseFormRegister<RuleDraft>;
  errors: FieldErrors<RuleDraft>;
};

/** The fields of one condition's kind. */
const ConditionFields = ({ index, control, register, errors }: FieldsProps) => {
  const kind = useWatch({ control, name: `conditions.${index}.kind` });
  const error = errors.conditions?.[index];
  const n = index + 1;
  switch (kind) {
    case 'SKU':
      return (
        <TextInput
          label={`SKU ${n}`}
          placeholder="e.g. SCARF-ROSE"
          {...register(`conditions.${index}.sku`)}
          error={error?.sku?.message}
        />
      );
    case 'TAG':
      return (
        <TextInput
          label={`Tag ${n}`}
          placeholder="e.g. VIP"
          {...register(`conditions.${index}.tag`)}
          error={error?.tag?.message}
        />
      );
    case 'COUNTRY':
      return (
        <TextInput
          label={`Countries ${n}`}
          description="Two-letter codes, separated by commas"
          placeholder="US, CA"
          {...register(`conditions.${index}.countryCodes`)}
          error={error?.countryCodes?.message}
        />
      );
    case 'STATE':
      return (
        <Group grow align="flex-start">
          <TextInput
            label={`Country ${n}`}
            placeholder="US"
            maxLength={2}
            {...register(`conditions.${index}.countryCode`)}
            error={error?.countryCode?.message}
          />
          <TextInput
            label={`States ${n}`}
            description="State codes, separated by commas"
            placeholder="NC, SC"
            {...register(`conditions.${index}.stateCodes`)}
            error={error?.stateCodes?.message}
          />
        </Group>
      );
    case 'ORDER_VALUE':
      return (
        <Group grow align="flex-start">
          <Controller
            control={control}
            name={`conditions.${index}.operator`}
            render={({ field }) => (
              <Select
                label={`Comparison ${n}`}
                data={[
                  { value: 'GTE', label: 'At least' },
                  { value: 'LTE', label: 'At most' },
                ]}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'GTE')}
              />
            )}
          />
          <TextInput
            label={`Order total in USD ${n}`}
            placeholder="100.00"
            inputMode="decimal"
            leftSection="$"
            {...register(`conditions.${index}.amount`)}
            error={error?.amount?.message}
          />
        </Group>
      );
    case 'CHANNEL':
      return (
        <Controller
          control={control}
          name={`conditions.${index}.origins`}
          render={({ field }) => (
            <MultiSelect
              label={`Sales channels ${n}`}
              data={CHANNELS}
              value={field.value}
              onChange={field.onChange}
              error={error?.origins?.message}
            />
          )}
        />
      );
  }
};

/** The fields of one action's kind. */
const ActionFields = ({ index, control, register, errors }: FieldsProps) => {
  const kind = useWatch({ control, name: `actions.${index}.kind` });
  const error = errors.actions?.[index];
  const n = index + 1;
  switch (kind) {
    case 'ADD_INSERT':
      return (
        <Group grow align="flex-start">
          <TextInput
            label={`Insert SKU ${n}`}
            description="One of your products' SKUs"
            placeholder="e.g. THANK-YOU-CARD"
            {...register(`actions.${index}.sku`)}
            error={error?.sku?.message}
          />
          <Controller
            control={control}
            name={`actions.${index}.quantity`}
            render={({ field }) => (
              <NumberInput
                label={`Quantity ${n}`}
                min={1}
                max={100}
                allowDecimal={false}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                error={error?.quantity?.message}
              />
            )}
          />
        </Group>
      );
    case 'CHOOSE_PACKAGING':
      return (
        <TextInput
          label={`Packaging ${n}`}
          placeholder="e.g. Gift box"
          {...register(`actions.${index}.packaging`)}
          error={error?.packaging?.message}
        />
      );
    case 'HOLD':
      return (
        <TextInput
          label={`Hold reason ${n}`}
          placeholder="e.g. Check the engraving with the customer"
          {...register(`actions.${index}.reason`)}
          error={error?.reason?.message}
        />
      );
    case 'SET_SHIPPING_METHOD':
      return (
        <Controller
          control={control}
          name={`actions.${index}.shippingMethod`}
          render={({ field }) => (
            <Select
              label={`Shipping method ${n}`}
              data={[...SHIPPING_METHODS]}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={error?.shippingMethod?.message}
            />
          )}
        />
      );
  }
};

type RuleEditorModalProps = {
  /** The rule to edit, or null for a new one. */
  rule: OrderRule | null;
  /** The store's rules, to continue with one. */
  rules: OrderRule[];
  onClose: () => void;
};

/**
 * Issue 15 /fulfillment-rules editor: a rule's name, conditions (all must match) and actions,
 * and the rule to continue with. The server's refusals (an insert SKU that is not the store's, a
 * chain that loops) show on their fields.
 */
export const RuleEditorModal = ({ rule, rules, onClose }: RuleEditorModalProps) => {
  const save = useSaveRule(rule?.id ?? null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RuleDraft, unknown, SaveOrderRuleBody>({
    resolver: zodResolver(RuleFormSchema),
    defaultValues: rule ? draftOf(rule) : EMPTY_RULE_DRAFT,
  });
  const { control, register, formState } = form;
  const conditions = useFieldArray({ control, name: 'conditions' });
  const actions = useFieldArray({ control, name: 'actions' });
  const { errors } = formState;

  const handleSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(body);
      notifications.show({ color: 'green', message: `Rule “${saved.name}” saved.` });
      onClose();
    } catch (error) {
      const fields = Object.entries(listFieldErrors(error));
      for (const [field, message] of fields) {
        form.setError(formFieldOf(field.split('.')) as 'name', { type: 'server', message });
      }
      if (fields.length === 0) {
        setFormError(isApiError(error) ? error.message : 'The rule could not be saved.');
      }
    }
  });

  const others = rules
    .filter((other) => other.id !== rule?.id)
    .map((other) => ({ value: other.id, label: `${other.position}. ${other.name}` }));

  return (
    <Modal opened onClose={onClose} size="xl" title={rule ? `Edit “${rule.name}”` : 'New rule'}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Rule">
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <Group align="flex-end">
            <TextInput
              label="Name"
              required
              data-autofocus
              style={{ flex: 1 }}
              maxLength={100}
              {...register('name')}
              error={errors.name?.message}
            />
            <Switch label="Enabled" {...register('isEnabled')} />
          </Group>

          <Divider label="When the order matches all of these" labelPosition="left" />
          {conditions.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              No conditions: the rule applies to every order.
            </Text>
          )}
          {conditions.fields.map((field, index) => (
            <Paper key={field.id} withBorder p="sm">
              <Group align="flex-start" wrap="nowrap">
                <Stack gap="xs" style={{ flex: 1 }}>
                  <Controller
                    control={control}
                    name={`conditions.${index}.kind`}
                    render={({ field: kind }) => (
                      <Select
                        label={`Condition ${index + 1}`}
                        data={CONDITION_KINDS}
                        allowDeselect={false}
                        value={kind.value}
                        onChange={(value) =>
                          value && conditions.update(index, emptyCondition(value as never))
                        }
                      />
                    )}
                  />
                  <ConditionFields
                    index={index}
                    control={control}
                    register={register}
                    errors={errors}
                  />
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={24}
                  aria-label={`Remove condition ${index + 1}`}
                  onClick={() => conditions.remove(index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => conditions.append(emptyCondition())}
            >
              Add condition
            </Button>
          </Group>

          <Divider label="Then" labelPosition="left" />
          {errors.actions?.root?.message || errors.actions?.message ? (
            <Text size="sm" c="red">
              {errors.actions.root?.message ?? errors.actions.message}
            </Text>
          ) : null}
          {actions.fields.map((field, index) => (
            <Paper key={field.id} withBorder p="sm">
              <Group align="flex-start" wrap="nowrap">
                <Stack gap="xs" style={{ flex: 1 }}>
                  <Controller
                    control={control}
                    name={`actions.${index}.kind`}
                    render={({ field: kind }) => (
                      <Select
                        label={`Action ${index + 1}`}
                        data={ACTION_KINDS}
                        allowDeselect={false}
                        value={kind.value}
                        onChange={(value) =>
                          value && actions.update(index, emptyAction(value as never))
                        }
                        error={errors.actions?.[index]?.kind?.message}
                      />
                    )}
                  />
                  <ActionFields
                    index={index}
                    control={control}
                    register={register}
                    errors={errors}
                  />
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={24}
                  aria-label={`Remove action ${index + 1}`}
                  onClick={() => actions.remove(index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => actions.append(emptyAction())}
            >
              Add action
            </Button>
          </Group>

          <Controller
            control={control}
            name="thenRuleId"
            render={({ field }) => (
              <Select
                label="Continue with"
                description="When this rule matches, that rule is checked right after it. A chain must end: it cannot come back to this rule."
                placeholder="No other rule"
                data={others}
                clearable
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.thenRuleId?.message}
              />
            )}
          />

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save rule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
