import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import {
  FULFILLMENT_REPORT_LABELS,
  FULFILLMENT_REPORTS,
  FulfillmentReportSchema,
  MAX_REPORT_DAYS,
  ReportFormatSchema,
  type FulfillmentReport,
} from '@atelier/contract/fulfillment/fees';
import type { Job } from '@atelier/contract/jobs/job';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useStartReport } from './report-queries';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The form's period: two calendar days, the first not after the second, at most a year. */
export const ReportFormSchema = z
  .object({
    report: FulfillmentReportSchema,
    format: ReportFormatSchema,
    from: z.iso.date('Pick the first day.'),
    to: z.iso.date('Pick the last day.'),
  })
  .superRefine((value, ctx) => {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / DAY_MS + 1;
    if (days < 1) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first.' });
    } else if (days > MAX_REPORT_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A report covers at most ${MAX_REPORT_DAYS} days.`,
      });
    }
  });
export type ReportFormValues = z.infer<typeof ReportFormSchema>;

/** The last 30 days up to today. */
export const defaultPeriod = (today = new Date()) => ({
  from: isoDay(new Date(today.getTime() - 29 * DAY_MS)),
  to: isoDay(today),
});

export type ReportJobViewProps = { startedJob: Job; label: string };

type ReportStartFormProps = {
  /** The first report selected (the tile that opened the page). */
  initialReport?: FulfillmentReport;
  /** How the page shows a started job (its progress bar and download): the jobs feature's view. */
  renderJob: (props: ReportJobViewProps) => ReactNode;
};

/**
 * Issue 15 reports (spec §7 financial-export-job; the "outbound and returns reports" and
 * "financial report" tiles): pick a report and a period, start its job, and follow it with a
 * progress bar until its CSV can be downloaded.
 */
export const ReportStartForm = ({
  initialReport = 'outbound',
  renderJob,
}: ReportStartFormProps) => {
  const start = useStartReport();
  const [formError, setFormError] = useState<string | null>(null);
  const [started, setStarted] = useState<ReportJobViewProps | null>(null);
  const form = useForm<ReportFormValues>({
    resolver: zodResolver(ReportFormSchema),
    defaultValues: { report: initialReport, format: 'csv', ...defaultPeriod() },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const job = await start.mutateAsync(values);
      setStarted({
        startedJob: job,
        label: `${FULFILLMENT_REPORT_LABELS[values.report].replace(/ \(.*\)$/, '')} ${values.from} to ${values.to}`,
      });
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(ERROR_MESSAGES.generic);
        return;
      }
      let isShownOnField = false;
      for (const [field, message] of Object.entries(listFieldErrors(error))) {
        if (field === 'report' || field === 'from' || field === 'to') {
          form.setError(field, { type: 'server', message });
          isShownOnField = true;
        }
      }
      if (!isShownOnField && !error.isHandled) setFormError(error.message);
    }
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="report-form-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4" id="report-form-title">
            Run a report
          </Title>
          <Text size="sm" c="dimmed">
            A CSV file or an Excel workbook. Days are counted in the fulfillment center’s time (New
            York).
          </Text>
        </Stack>
        <FormErrorAlert message={formError} />
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="report"
              render={({ field }) => (
                <Select
                  label="Report"
                  data={FULFILLMENT_REPORTS.map((value) => ({
                    value,
                    label: FULFILLMENT_REPORT_LABELS[value],
                  }))}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? field.value)}
                  allowDeselect={false}
                  error={errors.report?.message}
                />
              )}
            />
            <Group grow align="flex-start">
              <TextInput
                type="date"
                label="From"
                {...form.register('from')}
                error={errors.from?.message}
              />
              <TextInput
                type="date"
                label="To"
                {...form.register('to')}
                error={errors.to?.message}
              />
            </Group>
            <Controller
              control={form.control}
              name="format"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="report-format-label">
                    File
                  </Text>
                  <SegmentedControl
                    aria-labelledby="report-format-label"
                    data={[
                      { value: 'csv', label: 'CSV' },
                      { value: 'xlsx', label: 'Excel (XLSX)' },
                    ]}
                    value={field.value}
                    onChange={(value) => field.onChange(value === 'xlsx' ? 'xlsx' : 'csv')}
                  />
                </Stack>
              )}
            />
            <Group>
              <Button type="submit" loading={start.isPending}>
                Start report
              </Button>
            </Group>
          </Stack>
        </form>
        {started ? renderJob(started) : null}
      </Stack>
    </Paper>
  );
};
