import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import type { Receiving } from '@atelier/contract/fulfillment/receiving';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useCreateReceiving } from '../api/receiving-queries';
import { IntakeLinesFields } from './intake-lines-fields';
import {
  formFieldOf,
  NewReceivingFormSchema,
  toCreateReceivingBody,
  type NewReceivingForm as Form,
  type NewReceivingFormOutput,
  type NewReceivingFormValues,
} from './new-receiving-form-schema';
import { OrderItemsFields } from './order-items-fields';

const EMPTY: NewReceivingFormValues = {
  carrier: '',
  trackingNumber: '',
  expectedArrivalDate: '',
  notes: '',
  orderItems: [],
  intakeLines: [],
};

/**
 * Puts the server's field errors on the form's fields (the body's `items.N` is an order item or
 * an intake line of the form) and returns the message no field took, or `null`.
 */
const applyServerErrors = (error: unknown, form: Form): string | null => {
  if (!isApiError(error)) return ERROR_MESSAGES.generic;
  const orderItemCount = form.getValues('orderItems').length;
  let isShownOnField = false;
  for (const [path, message] of Object.entries(listFieldErrors(error))) {
    const field = formFieldOf(orderItemCount, path);
    if (!field) continue;
    form.setError(
      field as FieldPath<NewReceivingFormValues>,
      { type: 'server', message },
      { shouldFocus: !isShownOnField },
    );
    isShownOnField = true;
  }
  return isShownOnField || error.isHandled ? null : error.message;
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
    <Title order={2} fz="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

type NewReceivingFormProps = { onCreated: (receiving: Receiving) => void };

/**
 * Spec §2 /receivings/new (issue 15): how the goods travel (carrier and tracking number required,
 * the expected arrival and notes), and what they are: sourcing order items going to the center,
 * goods bought elsewhere, or both.
 */
export const NewReceivingForm = ({ onCreated }: NewReceivingFormProps) => {
  const create = useCreateReceiving();
  const [formError, setFormError] = useState<string | null>(null);
  const form: Form = useForm<NewReceivingFormValues, unknown, NewReceivingFormOutput>({
    resolver: zodResolver(NewReceivingFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const receiving = await create.mutateAsync(toCreateReceivingBody(values));
      notifications.show({ color: 'green', message: `${receiving.sn} created.` });
      onCreated(receiving);
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="New receiving">
      <Stack gap="lg">
        <FormErrorAlert message={formError} />
        <Section title="Shipment">
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Carrier"
                placeholder="UPS, DHL, FedEx…"
                required
                maxLength={100}
                {...form.register('carrier')}
                error={errors.carrier?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Tracking number"
                required
                maxLength={100}
                {...form.register('trackingNumber')}
                error={errors.trackingNumber?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Expected arrival"
                type="date"
                {...form.register('expectedArrivalDate')}
                error={errors.expectedArrivalDate?.message}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea
                label="Notes"
                description="For the fulfillment center's team."
                autosize
                minRows={2}
                maxLength={2000}
                {...form.register('notes')}
                error={errors.notes?.message}
              />
            </Grid.Col>
          </Grid>
        </Section>
        <Section title="From your sourcing orders">
          <OrderItemsFields form={form} />
        </Section>
        <Section title="Goods bought elsewhere">
          <IntakeLinesFields form={form} />
        </Section>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            An item without a variant waits for its mapping before it can be counted.
          </Text>
          <Button type="submit" loading={create.isPending}>
            Create receiving
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
