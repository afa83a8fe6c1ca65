import { Alert, Grid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCalendar, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { CUSTOM_PROJECT_PROMPTS } from '@atelier/contract/sourcing/custom-project';
import { earliestCompletionDate, type ProjectFormValues } from '../custom-project-form';
import { formatCompletionDate } from './custom-project-summary';

/** The fields of the custom project steps (spec §3) with the §5 prompts. */

type StepFieldsProps = { form: UseFormReturn<ProjectFormValues> };

export type SupplierPickerProps = {
  value: string | null;
  onChange: (supplierId: string | null) => void;
};

const Prompt = ({ children }: { children: ReactNode }) => (
  <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />} p="sm" h="100%">
    <Text size="sm">{children}</Text>
  </Alert>
);

export const BasicsFields = ({
  form,
  renderSupplierPicker,
}: StepFieldsProps & { renderSupplierPicker: (props: SupplierPickerProps) => ReactNode }) => {
  const companyId = useWatch({ control: form.control, name: 'companyId' });
  const { errors } = form.formState;
  return (
    <Stack gap="md">
      <TextInput
        label="Project title"
        description="What should the supplier make? e.g. “Heavyweight organic cotton tee”"
        required
        {...form.register('title')}
        error={errors.title?.message}
        data-autofocus
      />
      {renderSupplierPicker({
        value: companyId,
        onChange: (supplierId) => form.setValue('companyId', supplierId, { shouldDirty: true }),
      })}
    </Stack>
  );
};

export const DetailsFields = ({ form }: StepFieldsProps) => {
  const { errors } = form.formState;
  return (
    <Stack gap="md">
      <Textarea
        label="Material"
        description="Fabric, weight, colour, finish"
        required
        autosize
        minRows={2}
        maxRows={6}
        {...form.register('material')}
        error={errors.material?.message}
      />
      <Textarea
        label="Print detail"
        description="Print or decoration: technique, colours, placement, size"
        required
        autosize
        minRows={3}
        maxRows={10}
        {...form.register('printDetail')}
        error={errors.printDetail?.message}
      />
    </Stack>
  );
};

/**
 * Quantity and completion date. The date field starts empty; its minimum and its description
 * name the first day the contract accepts (after today, issue 10). `passedDate`: a date the draft
 * had that has passed since, named so the user knows why the field is empty.
 */
export const QuantityAndDateFields = ({
  form,
  passedDate = null,
}: StepFieldsProps & { passedDate?: string | null }) => {
  const { errors } = form.formState;
  const earliest = earliestCompletionDate();
  const passedNote = passedDate
    ? `Your earlier date, ${formatCompletionDate(passedDate)}, has passed. `
    : '';
  return (
    <Stack gap="lg">
      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Quantity"
            required
            inputMode="numeric"
            rightSection={
              <Text size="xs" c="dimmed">
                units
              </Text>
            }
            rightSectionWidth={48}
            {...form.register('quantity')}
            error={errors.quantity?.message}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Prompt>{CUSTOM_PROJECT_PROMPTS.quantity}</Prompt>
        </Grid.Col>
      </Grid>
      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            type="date"
            label="Completion date"
            required
            min={earliest}
            description={`${passedNote}Choose a day after today: ${formatCompletionDate(earliest)} or later.`}
            leftSection={<IconCalendar size={16} aria-hidden />}
            {...form.register('completionDate')}
            error={errors.completionDate?.message}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Prompt>{CUSTOM_PROJECT_PROMPTS.completionDate}</Prompt>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
