import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import {
  FREIGHT_MODE_LABELS,
  FREIGHT_MODES,
  type FreightBooking,
} from '@atelier/contract/fulfillment/bookings';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { AddressFields, type GeographyHooks } from '../labels/address-fields';
import { useCreateFreightBooking } from './booking-queries';
import {
  EMPTY_FREIGHT_FORM,
  freightFormFieldOf,
  FreightFormSchema,
  toFreightBody,
  type FreightFormOutput,
  type FreightFormValues,
} from './freight-booking-form-schema';
import { NumberField } from './number-field';

type Form = UseFormReturn<FreightFormValues, unknown, FreightFormOutput>;

/** Puts the server's field errors on their fields; returns the message no field took, or null. */
const applyServerErrors = (error: unknown, form: Form): string | null => {
  if (!isApiError(error)) return ERROR_MESSAGES.generic;
  let isShownOnField = false;
  for (const [path, message] of Object.entries(listFieldErrors(error))) {
    const field = freightFormFieldOf(path);
    if (!field) continue;
    form.setError(
      field as FieldPath<FreightFormValues>,
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

type FreightBookingFormProps = {
  geography: GeographyHooks;
  onCreated: (booking: FreightBooking) => void;
  onCancel?: () => void;
};

/**
 * Spec §2 /fulfillment-services/book-freight-shipment (issue 15): where the goods are picked up
 * and when they are ready, how they travel (LTL, FTL, FCL, LCL, air), how many pallets or
 * cartons, their weight (lb or kg) and size, what they are, and the receiving they arrive as.
 */
export const FreightBookingForm = ({ geography, onCreated, onCancel }: FreightBookingFormProps) => {
  const create = useCreateFreightBooking();
  const [formError, setFormError] = useState<string | null>(null);
  const form: Form = useForm<FreightFormValues, unknown, FreightFormOutput>({
    resolver: zodResolver(FreightFormSchema),
    defaultValues: EMPTY_FREIGHT_FORM,
  });
  const { errors } = form.formState;
  const originErrors: Record<string, string> = Object.fromEntries(
    Object.entries(errors.origin ?? {}).flatMap(([field, issue]) =>
      issue && typeof issue === 'object' && 'message' in issue && issue.message
        ? [[`fromAddress.${field}`, String(issue.message)]]
        : [],
    ),
  );
  const [weightUnit, dimensionUnit, handlingUnit] = useWatch({
    control: form.control,
    name: ['weightUnit', 'dimensionUnit', 'handlingUnit'],
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const booking = await create.mutateAsync(toFreightBody(values));
      notifications.show({ color: 'green', message: `Freight shipment ${booking.sn} requested.` });
      form.reset(EMPTY_FREIGHT_FORM);
      onCreated(booking);
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label="Book a freight shipment"
    >
      <Stack gap="lg">
        <FormErrorAlert message={formError} />
        <Section title="Pickup">
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="origin"
              render={({ field }) => (
                <AddressFields
                  at="fromAddress"
                  value={field.value}
                  onChange={(next) => field.onChange(next)}
                  errors={originErrors}
                  geography={geography}
                />
              )}
            />
            <TextInput
              label="Ready for pickup on"
              type="date"
              required
              {...form.register('pickupReadyDate')}
              error={errors.pickupReadyDate?.message}
            />
          </Stack>
        </Section>
        <Section title="Shipment">
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="mode"
                render={({ field }) => (
                  <Select
                    label="Mode"
                    required
                    placeholder="Choose how it travels"
                    data={FREIGHT_MODES.map((mode) => ({
                      value: mode,
                      label: FREIGHT_MODE_LABELS[mode],
                    }))}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={errors.mode?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Text size="sm" fw={500} mb={4}>
                Packed on
              </Text>
              <Controller
                control={form.control}
                name="handlingUnit"
                render={({ field }) => (
                  <SegmentedControl
                    aria-label="Packed on"
                    data={[
                      { value: 'PALLET', label: 'Pallets' },
                      { value: 'CARTON', label: 'Cartons' },
                    ]}
                    value={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberField
                control={form.control}
                name="unitCount"
                label={handlingUnit === 'PALLET' ? 'Number of pallets' : 'Number of cartons'}
                required
                error={errors.unitCount?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 8, sm: 5 }}>
              <NumberField
                control={form.control}
                name="weight"
                label={`Total weight (${weightUnit})`}
                required
                allowDecimal
                error={errors.weight?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 3 }}>
              <Controller
                control={form.control}
                name="weightUnit"
                render={({ field }) => (
                  <Select
                    label="Weight unit"
                    data={[
                      { value: 'lb', label: 'lb' },
                      { value: 'kg', label: 'kg' },
                    ]}
                    allowDeselect={false}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? 'lb')}
                  />
                )}
              />
            </Grid.Col>
            {(['length', 'width', 'height'] as const).map((side) => (
              <Grid.Col key={side} span={{ base: 4, sm: 3 }}>
                <NumberField
                  control={form.control}
                  name={side}
                  label={`${side[0]!.toUpperCase()}${side.slice(1)} (${dimensionUnit})`}
                  description={side === 'length' ? 'One pallet or carton' : undefined}
                  required
                  allowDecimal
                  error={errors[side]?.message}
                />
              </Grid.Col>
            ))}
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Controller
                control={form.control}
                name="dimensionUnit"
                render={({ field }) => (
                  <Select
                    label="Size unit"
                    data={[
                      { value: 'in', label: 'in' },
                      { value: 'cm', label: 'cm' },
                    ]}
                    allowDeselect={false}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? 'in')}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label="What are the goods?"
                placeholder="Stoneware mugs, boxed"
                required
                maxLength={500}
                {...form.register('commodity')}
                error={errors.commodity?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Receiving"
                description="The receiving (RCV-…) these goods arrive as, if announced."
                placeholder="RCV-000012"
                maxLength={40}
                {...form.register('receivingSn')}
                error={errors.receivingSn?.message}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea
                label="Notes"
                description="Dock hours, a liftgate, who to call."
                autosize
                minRows={2}
                maxLength={2000}
                {...form.register('notes')}
                error={errors.notes?.message}
              />
            </Grid.Col>
          </Grid>
        </Section>
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Back
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending}>
            Request freight booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
