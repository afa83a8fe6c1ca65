import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { formatMoney } from '@atelier/contract/common/money';
import {
  RECEIVING_INCIDENT_FEE,
  RECEIVING_INCIDENT_LABELS,
  STANDARD_PALLET_LIMITS,
} from '@atelier/contract/fulfillment/receiving';
import { isOversizePallet, REPORTED_INCIDENT_KINDS, type ReceiveForm } from './receive-form-schema';

const FEE = formatMoney(RECEIVING_INCIDENT_FEE);
const LIMITS = `${STANDARD_PALLET_LIMITS.lengthIn}×${STANDARD_PALLET_LIMITS.widthIn}×${STANDARD_PALLET_LIMITS.heightIn} in or ${STANDARD_PALLET_LIMITS.weightLb} lb`;

const KIND_OPTIONS = REPORTED_INCIDENT_KINDS.map((kind) => ({
  value: kind,
  label: RECEIVING_INCIDENT_LABELS[kind],
}));

/** Non-compliance found at the dock, each charged the incident fee. */
export const IncidentFields = ({ form }: { form: ReceiveForm }) => {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'incidents' });
  const { errors } = form.formState;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Incidents">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          Incidents ({FEE} each)
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={12} aria-hidden />}
          onClick={() => append({ kind: 'MISSING_CARTON_LABELS', note: '' })}
        >
          Add incident
        </Button>
      </Group>
      {fields.length === 0 ? (
        <Text size="xs" c="dimmed">
          None: the goods came labeled, one SKU per carton, as announced and well packed.
        </Text>
      ) : null}
      <Stack gap="xs">
        {fields.map((field, index) => (
          <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap">
            <Controller
              control={form.control}
              name={`incidents.${index}.kind`}
              render={({ field: kind }) => (
                <Select
                  label={`Incident ${index + 1}`}
                  data={KIND_OPTIONS}
                  allowDeselect={false}
                  value={kind.value}
                  onChange={(value) => value && kind.onChange(value)}
                  onBlur={kind.onBlur}
                  error={errors.incidents?.[index]?.kind?.message}
                  w={260}
                />
              )}
            />
            <TextInput
              label="Note"
              style={{ flex: 1 }}
              maxLength={500}
              {...form.register(`incidents.${index}.note`)}
              error={errors.incidents?.[index]?.note?.message}
            />
            <Button
              mt={25}
              size="xs"
              variant="subtle"
              color="red"
              aria-label={`Remove incident ${index + 1}`}
              onClick={() => remove(index)}
            >
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
};

const MEASURES = [
  { name: 'lengthIn', label: 'Length (in)' },
  { name: 'widthIn', label: 'Width (in)' },
  { name: 'heightIn', label: 'Height (in)' },
  { name: 'weightLb', label: 'Weight (lb)' },
] as const;

/** The pallets as they arrived; one over the standard size or weight is charged as an incident. */
export const PalletFields = ({ form }: { form: ReceiveForm }) => {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'pallets' });
  const pallets = useWatch({ control: form.control, name: 'pallets' });
  const { errors } = form.formState;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Pallets">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          Pallets
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={12} aria-hidden />}
          onClick={() =>
            append({
              lengthIn: STANDARD_PALLET_LIMITS.lengthIn,
              widthIn: STANDARD_PALLET_LIMITS.widthIn,
              heightIn: undefined,
              weightLb: undefined,
            })
          }
        >
          Add pallet
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        A pallet over {LIMITS} is charged {FEE} as an oversize pallet.
      </Text>
      <Stack gap="xs">
        {fields.map((field, index) => {
          const pallet = pallets[index];
          return (
            <Stack key={field.id} gap={4}>
              <Group gap="xs" align="flex-start" wrap="wrap">
                {MEASURES.map((measure) => (
                  <Controller
                    key={measure.name}
                    control={form.control}
                    name={`pallets.${index}.${measure.name}`}
                    render={({ field: value }) => (
                      <NumberInput
                        label={measure.label}
                        aria-label={`Pallet ${index + 1}: ${measure.label.toLowerCase()}`}
                        w={120}
                        min={0}
                        decimalScale={1}
                        allowNegative={false}
                        hideControls
                        name={value.name}
                        ref={value.ref}
                        onBlur={value.onBlur}
                        value={value.value ?? ''}
                        onChange={(next) =>
                          value.onChange(typeof next === 'number' ? next : undefined)
                        }
                        error={errors.pallets?.[index]?.[measure.name]?.message}
                      />
                    )}
                  />
                ))}
                <Button
                  mt={25}
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove pallet ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </Button>
              </Group>
              {pallet && isOversizePallet(pallet) ? (
                <Alert
                  color="orange"
                  variant="light"
                  p="xs"
                  icon={<IconAlertTriangle size={16} aria-hidden />}
                >
                  Pallet {index + 1} is over {LIMITS}: it is charged {FEE}.
                </Alert>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
};
