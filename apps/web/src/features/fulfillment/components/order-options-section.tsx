import { Group, Select, Stack, Switch, Text } from '@mantine/core';
import { formatMoney, type Money } from '@atelier/contract/common/money';
import { SHIPPING_METHODS, ShippingMethodSchema } from '@atelier/contract/fulfillment/rules';
import {
  useOrderOptions,
  useSetPriority,
  useSetShippingMethod,
} from '../api/order-options-queries';

/** The Select's value for "no method chosen" (Mantine options need a non-empty value). */
const AUTOMATIC = 'AUTOMATIC';
const METHOD_CHOICES = [
  { value: AUTOMATIC, label: 'Automatic: rules, else cheapest' },
  ...SHIPPING_METHODS.map((method) => ({ value: method, label: method })),
];

// A ship-by day is a calendar day at the center: shown as such, whatever the viewer's zone.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const formatShipsBy = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
// "$10", not "$10.00": a whole-dollar fee reads as one.
const formatFee = (fee: Money) => formatMoney(fee).replace(/\.00$/, '');

/**
 * Issue 15, in the order page's Fulfillment center panel: the service the label is bought with
 * (spec §7 shipping-method; automatic lets the order rules decide, else the cheapest rate) and
 * priority fulfilment ($10, same day when asked before 12:00 New York time) with its ship-by
 * day. Both are disabled once the order is fulfilled or canceled.
 */
export const OrderOptionsSection = ({ orderId }: { orderId: string }) => {
  const options = useOrderOptions(orderId);
  const setMethod = useSetShippingMethod(orderId);
  const setPriority = useSetPriority(orderId);
  if (!options.data) return null;
  const { shippingMethod, isPriority, shipsBy, priorityFee, canChange } = options.data;
  return (
    <Stack gap="xs" component="section" aria-label="Fulfillment options">
      <Group align="flex-end" gap="lg">
        <Select
          label="Shipping method"
          description="The label's service, unless you choose one when shipping."
          data={METHOD_CHOICES}
          value={shippingMethod ?? AUTOMATIC}
          onChange={(value) => {
            const parsed = ShippingMethodSchema.safeParse(value);
            setMethod.mutate(parsed.success ? parsed.data : null);
          }}
          allowDeselect={false}
          disabled={!canChange || setMethod.isPending}
          w={320}
        />
        <Switch
          label="Priority fulfilment"
          description={`${formatFee(priorityFee)} · ships today if asked before 12:00 New York time`}
          checked={isPriority}
          disabled={!canChange || setPriority.isPending}
          onChange={(event) => setPriority.mutate(event.currentTarget.checked)}
        />
      </Group>
      {canChange && isPriority && shipsBy ? (
        <Text size="sm">Ships by {formatShipsBy(shipsBy)}</Text>
      ) : null}
      {canChange ? null : (
        <Text size="sm" c="dimmed">
          This order has shipped or was canceled: its shipping method and priority stay as they
          were.
        </Text>
      )}
    </Stack>
  );
};
