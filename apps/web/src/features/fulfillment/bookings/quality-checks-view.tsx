import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import {
  AQL_VALUES,
  CANCELABLE_QC_STATUSES,
  CreateQualityCheckBodySchema,
  INSPECTION_LEVELS,
  INSPECTION_TYPE_LABELS,
  INSPECTION_TYPES,
  QC_STATUS_LABELS,
  type CreateQualityCheckBody,
  type QualityCheck,
} from '@atelier/contract/fulfillment/bookings';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useCancelQualityCheck, useCreateQualityCheck, useQualityChecks } from './booking-queries';
import { formatDay, QC_STATUS_COLORS } from './booking-format';
import { ConfirmModal } from './confirm-modal';
import { NumberField } from './number-field';

const FormShape = z.object({
  productName: z.string().trim().min(1, 'Name the product or production run.'),
  inspectionType: z
    .union([z.enum(INSPECTION_TYPES), z.literal('')])
    .refine((value) => value !== '', { message: 'Choose the inspection.' }),
  inspectionLevel: z.enum(INSPECTION_LEVELS),
  aqlMajor: z.enum(AQL_VALUES),
  aqlMinor: z.enum(AQL_VALUES),
  unitsToInspect: z.number().optional().pipe(z.number('Enter the units to inspect.')),
  preferredDate: z.string().min(1, 'Choose a day.'),
  receivingSn: z.string().trim(),
  notes: z.string().trim(),
});
type FormOutput = z.output<typeof FormShape>;
const FIELDS = Object.keys(FormShape.shape);

const toBody = (values: FormOutput): CreateQualityCheckBody => ({
  productName: values.productName,
  inspectionType: values.inspectionType,
  inspectionLevel: values.inspectionLevel,
  aqlMajor: values.aqlMajor,
  aqlMinor: values.aqlMinor,
  unitsToInspect: values.unitsToInspect,
  preferredDate: values.preferredDate,
  ...(values.receivingSn ? { receivingSn: values.receivingSn } : {}),
  ...(values.notes ? { notes: values.notes } : {}),
});

const FormSchema = FormShape.superRefine((values, context) => {
  const checked = CreateQualityCheckBodySchema.safeParse(toBody(values));
  for (const issue of checked.error?.issues ?? []) {
    const [head] = issue.path;
    context.addIssue({
      code: 'custom',
      path: typeof head === 'string' && FIELDS.includes(head) ? [head] : ['productName'],
      message: issue.message,
    });
  }
});
type FormValues = z.input<typeof FormSchema>;
const EMPTY: FormValues = {
  productName: '',
  inspectionType: '',
  inspectionLevel: 'II',
  aqlMajor: '2.5',
  aqlMinor: '4.0',
  unitsToInspect: undefined,
  preferredDate: '',
  receivingSn: '',
  notes: '',
};

const QualityCheckForm = ({ onDone }: { onDone: () => void }) => {
  const create = useCreateQualityCheck();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const check = await create.mutateAsync(toBody(values));
      notifications.show({ color: 'green', message: `Quality check ${check.sn} requested.` });
      onDone();
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(ERROR_MESSAGES.generic);
        return;
      }
      let isShownOnField = false;
      for (const [path, message] of Object.entries(listFieldErrors(error))) {
        if (!FIELDS.includes(path)) continue;
        form.setError(path as FieldPath<FormValues>, { type: 'server', message });
        isShownOnField = true;
      }
      setFormError(isShownOnField || error.isHandled ? null : error.message);
    }
  });
  const select = (
    name: 'inspectionLevel' | 'aqlMajor' | 'aqlMinor',
    label: string,
    values: readonly string[],
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={[...values]}
          allowDeselect={false}
          value={field.value}
          onChange={(value) => field.onChange(value ?? field.value)}
        />
      )}
    />
  );
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-label="Book a quality check"
      >
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <TextInput
            label="Product or production run"
            required
            maxLength={300}
            {...form.register('productName')}
            error={errors.productName?.message}
          />
          <Controller
            control={form.control}
            name="inspectionType"
            render={({ field }) => (
              <Select
                label="Inspection"
                required
                placeholder="Choose the inspection"
                data={INSPECTION_TYPES.map((type) => ({
                  value: type,
                  label: INSPECTION_TYPE_LABELS[type],
                }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.inspectionType?.message}
              />
            )}
          />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {select('inspectionLevel', 'Inspection level', INSPECTION_LEVELS)}
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              {select('aqlMajor', 'AQL, major defects', AQL_VALUES)}
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              {select('aqlMinor', 'AQL, minor defects', AQL_VALUES)}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberField
                control={form.control}
                name="unitsToInspect"
                label="Units to inspect"
                required
                error={errors.unitsToInspect?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Preferred day"
                type="date"
                required
                {...form.register('preferredDate')}
                error={errors.preferredDate?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Receiving"
                placeholder="RCV-000012"
                maxLength={40}
                {...form.register('receivingSn')}
                error={errors.receivingSn?.message}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            maxLength={2000}
            {...form.register('notes')}
            error={errors.notes?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Back
            </Button>
            <Button type="submit" loading={create.isPending}>
              Request quality check
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/**
 * Issue 15 quality checks (fulfillment tile "book quality check", /homebase/quality-control): the
 * store's inspections newest first with "Load more"; a form books one; cancel after a
 * confirmation while requested or scheduled.
 */
export const QualityChecksView = () => {
  const checks = useQualityChecks();
  const cancel = useCancelQualityCheck();
  const [isFormOpen, setFormOpen] = useState(false);
  const [canceling, setCanceling] = useState<QualityCheck | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const rows = checks.data?.pages.flatMap((page) => page.items) ?? [];
  if (isFormOpen) return <QualityCheckForm onDone={() => setFormOpen(false)} />;
  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setFormOpen(true)}>
      Book a quality check
    </Button>
  );
  return (
    <Stack gap="md">
      {checks.isError ? (
        <Alert color="red" title="The quality checks could not be loaded">
          <Button size="compact-sm" variant="light" onClick={() => void checks.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : checks.isPending ? (
        <Skeleton height={88} radius="md" aria-label="Loading the quality checks" />
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="no-quality-checks">
          <EmptyState
            icon={<IconClipboardCheck size={28} stroke={1.5} />}
            variant="light"
            title="No quality checks yet"
            description="An inspector checks your production run at the factory (before, during or after production, or as the container is loaded) against the AQL you choose."
          >
            {newButton}
          </EmptyState>
        </Paper>
      ) : (
        <>
          <Group justify="flex-end">{newButton}</Group>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={700}>
              <Table verticalSpacing="xs" aria-label="Quality checks">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Check</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Product</Table.Th>
                    <Table.Th>Inspection</Table.Th>
                    <Table.Th>AQL</Table.Th>
                    <Table.Th ta="right">Units</Table.Th>
                    <Table.Th>Preferred day</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td fw={500}>{row.sn}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={QC_STATUS_COLORS[row.status]}>
                          {QC_STATUS_LABELS[row.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{row.productName}</Table.Td>
                      <Table.Td>{INSPECTION_TYPE_LABELS[row.inspectionType]}</Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          Level {row.inspectionLevel} · {row.aqlMajor} / {row.aqlMinor}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{row.unitsToInspect.toLocaleString('en-US')}</Table.Td>
                      <Table.Td>{formatDay(row.preferredDate)}</Table.Td>
                      <Table.Td ta="right">
                        {CANCELABLE_QC_STATUSES.includes(row.status) ? (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            onClick={() => setCanceling(row)}
                          >
                            Cancel
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {checks.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                loading={checks.isFetchingNextPage}
                onClick={() => {
                  if (!checks.isFetchingNextPage) void checks.fetchNextPage();
                }}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </>
      )}
      <ConfirmModal
        opened={canceling !== null}
        title={canceling ? `Cancel ${canceling.sn}?` : ''}
        message="The inspection will not take place. Book again if the run still needs checking."
        confirmLabel="Cancel check"
        isPending={cancel.isPending}
        error={cancelError}
        onClose={() => {
          setCanceling(null);
          setCancelError(null);
        }}
        onConfirm={() => {
          if (!canceling) return;
          cancel.mutate(canceling.sn, {
            onSuccess: () => setCanceling(null),
            onError: (failure) =>
              setCancelError(isApiError(failure) ? failure.message : ERROR_MESSAGES.generic),
          });
        }}
      />
    </Stack>
  );
};
