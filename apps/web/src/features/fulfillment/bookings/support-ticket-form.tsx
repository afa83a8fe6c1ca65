import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import {
  OpenSupportTicketBodySchema,
  SUPPORT_TICKET_CATEGORIES,
  SUPPORT_TICKET_CATEGORY_LABELS,
  SUPPORT_TICKET_WINDOW_DAYS,
  type SupportTicket,
} from '@atelier/contract/fulfillment/bookings';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useOpenSupportTicket, useOrderSearch } from './booking-queries';
import { formatDate } from './booking-format';

const FormSchema = z
  .object({
    orderId: z.string().min(1, 'Choose the order.'),
    shipmentSn: z.string().trim(),
    category: z
      .union([z.enum(SUPPORT_TICKET_CATEGORIES), z.literal('')])
      .refine((value) => value !== '', { message: 'Choose what it is about.' }),
    message: z.string().trim().min(1, 'Say what happened.'),
  })
  .superRefine((values, context) => {
    // The server's own check, its issues on the same fields.
    const checked = OpenSupportTicketBodySchema.safeParse(values);
    for (const issue of checked.error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
type FormValues = z.input<typeof FormSchema>;
const FIELDS = ['orderId', 'shipmentSn', 'category', 'message'];

const EMPTY: FormValues = { orderId: '', shipmentSn: '', category: '', message: '' };

/** The store's orders by number or customer, searched on the server as the user types. */
const OrderPicker = ({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (orderId: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const orders = useOrderSearch(debounced);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (orders.data?.items ?? []).map((order) => ({
    value: order.id,
    label: `${order.name} · ${order.customer?.email ?? 'no customer'} · ${formatDate(order.placedAt)}`,
  }));
  // The chosen order stays an option while another search is shown.
  const data =
    chosen && !options.some((option) => option.value === chosen.value)
      ? [chosen, ...options]
      : options;
  return (
    <Select
      label="Order"
      description="Search by order number, customer e-mail or SKU."
      required
      searchable
      clearable
      placeholder="#1001"
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={orders.isFetching ? 'Searching…' : 'No order matches.'}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next ?? '');
      }}
      onBlur={onBlur}
      error={error}
    />
  );
};

/**
 * Issue 15 warehouse support ticket (spec §3 categories): about one of the store's orders, and
 * one of its shipments if the problem is a parcel; refused by the server after the 30-day window.
 */
export const SupportTicketForm = ({
  onOpened,
  onCancel,
}: {
  onOpened: (ticket: SupportTicket) => void;
  onCancel: () => void;
}) => {
  const openTicket = useOpenSupportTicket();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const ticket = await openTicket.mutateAsync({
        orderId: values.orderId,
        category: values.category as (typeof SUPPORT_TICKET_CATEGORIES)[number],
        message: values.message,
        ...(values.shipmentSn ? { shipmentSn: values.shipmentSn } : {}),
      });
      notifications.show({ color: 'green', message: `Ticket ${ticket.sn} opened.` });
      onOpened(ticket);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(ERROR_MESSAGES.generic);
        return;
      }
      let isShownOnField = false;
      for (const [path, message] of Object.entries(listFieldErrors(error))) {
        if (!FIELDS.includes(path)) continue;
        form.setError(
          path as FieldPath<FormValues>,
          { type: 'server', message },
          { shouldFocus: !isShownOnField },
        );
        isShownOnField = true;
      }
      setFormError(isShownOnField || error.isHandled ? null : error.message);
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label="Open a support ticket"
    >
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Text size="sm" c="dimmed">
          Tickets about an order can be opened for {SUPPORT_TICKET_WINDOW_DAYS} days after it
          shipped, or after it was placed if it has not shipped.
        </Text>
        <Controller
          control={form.control}
          name="orderId"
          render={({ field }) => (
            <OrderPicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.orderId?.message}
            />
          )}
        />
        <TextInput
          label="Shipment"
          description="The shipment (SHP-…) the problem is about, if one."
          placeholder="SHP-000012"
          maxLength={40}
          {...form.register('shipmentSn')}
          error={errors.shipmentSn?.message}
        />
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <Select
              label="Category"
              required
              placeholder="What is it about?"
              data={SUPPORT_TICKET_CATEGORIES.map((category) => ({
                value: category,
                label: SUPPORT_TICKET_CATEGORY_LABELS[category],
              }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={errors.category?.message}
            />
          )}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={3}
          maxLength={5000}
          {...form.register('message')}
          error={errors.message?.message}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Back
          </Button>
          <Button type="submit" loading={openTicket.isPending}>
            Open ticket
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
