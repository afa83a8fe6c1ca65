import { Badge, Group, Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney } from '@atelier/contract/common/money';
import type { BillingInterval, Plan, PlatformFee } from '@atelier/contract/billing/plans';
import type { PlanType } from '@atelier/contract/identity/plans';

/** "Monthly" / "Yearly", as the billing cycle reads on the plan choice and the pricing page. */
export const INTERVAL_LABELS: Record<BillingInterval, string> = {
  MONTH: 'Monthly',
  YEAR: 'Yearly',
};
const PER_INTERVAL: Record<BillingInterval, string> = { MONTH: 'month', YEAR: 'year' };

/** Minor units as money: 4900 USD → "$49.00". */
export const formatBillingAmount = (amount: number, currencyCode: string): string =>
  formatMoney({ amount, currencyCode });

/** A plan's price per period: "$49.00 / month", "Free" for a price of 0. */
export const formatPlanPrice = (
  amount: number,
  currencyCode: string,
  interval: BillingInterval,
): string =>
  amount === 0
    ? 'Free'
    : `${formatBillingAmount(amount, currencyCode)} / ${PER_INTERVAL[interval]}`;

// Billing periods run on UTC days (the server's `addInterval`): a date is shown as that day.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** An ISO time as its billing day: "Mar 4, 2026". */
export const formatBillingDate = (iso: string | Date): string =>
  dateFormat.format(typeof iso === 'string' ? new Date(iso) : iso);

/**
 * A platform fee's amount: money for FIXED fees ("$1.50"), a percentage of its base for PERCENT
 * fees (basis points: 300 → "3%", -100 → "-1%").
 */
export const formatFeeAmount = (fee: Pick<PlatformFee, 'kind' | 'amount'>): string =>
  fee.kind === 'PERCENT'
    ? `${(fee.amount / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`
    : formatBillingAmount(fee.amount, 'USD');

type PlanPickerProps = {
  plans: readonly Plan[];
  planType: PlanType;
  interval: BillingInterval;
  /** The store's plan and cycle now, marked "Current". */
  current: { planType: PlanType; interval: BillingInterval } | null;
  onChange: (choice: { planType: PlanType; interval: BillingInterval }) => void;
  isDisabled?: boolean;
};

/**
 * Spec §4 manage plan: the billing cycle (monthly or yearly) and one of the plans, each with its
 * price for that cycle from the public plans endpoint. Arrow keys move between the plans (a radio
 * group).
 */
export const PlanPicker = ({
  plans,
  planType,
  interval,
  current,
  onChange,
  isDisabled = false,
}: PlanPickerProps) => (
  <Stack gap="sm">
    <SegmentedControl
      aria-label="Billing cycle"
      value={interval}
      disabled={isDisabled}
      onChange={(value) => onChange({ planType, interval: value })}
      data={(['MONTH', 'YEAR'] as const).map((value) => ({
        value,
        label: INTERVAL_LABELS[value],
      }))}
    />
    <Radio.Group
      label="Plan"
      value={planType}
      onChange={(value) => onChange({ planType: value, interval })}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
        {plans.map((plan) => {
          const isCurrent = current?.planType === plan.planType && current.interval === interval;
          return (
            <Radio.Card
              key={plan.planType}
              value={plan.planType}
              radius="md"
              p="sm"
              disabled={isDisabled}
              aria-label={`${plan.name}, ${formatPlanPrice(plan.prices[interval], plan.currencyCode, interval)}`}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text fw={600}>{plan.name}</Text>
                    {plan.alternateName !== plan.name ? (
                      <Text size="xs" c="dimmed">
                        ({plan.alternateName})
                      </Text>
                    ) : null}
                    {isCurrent ? (
                      <Badge size="xs" variant="light" tt="none">
                        Current
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm">
                    {formatPlanPrice(plan.prices[interval], plan.currencyCode, interval)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {plan.seatsIncluded === 1 ? '1 seat' : `${plan.seatsIncluded} seats`}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  </Stack>
);
