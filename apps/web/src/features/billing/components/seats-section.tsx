import { Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { BillingOverview } from '@atelier/contract/billing/billing-api';
import { ADDITIONAL_SEAT_PRICE_PER_MONTH } from '@atelier/contract/billing/plans';
import { canHaveTeamMembers, PLAN_NAMES } from '@atelier/contract/identity/plans';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import { useBillingOverview, useUpdateSeats } from '../api/billing-queries';
import { formatAmount } from '../billing-format';
import { BillingSectionCard } from './billing-section-card';

const MAX_ADDITIONAL_SEATS = 500;

/** A number of seats in words: "1 seat", "3 seats". */
const seatsText = (count: number): string => `${count} ${count === 1 ? 'seat' : 'seats'}`;

const SeatsForm = ({ overview }: { overview: BillingOverview }) => {
  const update = useUpdateSeats();
  const current = overview.seats.additional;
  const [value, setValue] = useState<number | string>(current);
  const [error, setError] = useState<string | null>(null);
  const wanted = typeof value === 'number' ? value : Number.NaN;
  const isValid = Number.isInteger(wanted) && wanted >= 0 && wanted <= MAX_ADDITIONAL_SEATS;
  const isYearly = overview.subscription?.interval === 'YEAR';
  const seatPrice = ADDITIONAL_SEAT_PRICE_PER_MONTH * (isYearly ? 12 : 1);

  const handleSave = () => {
    if (!isValid) {
      setError(`Enter a whole number from 0 to ${MAX_ADDITIONAL_SEATS}.`);
      return;
    }
    setError(null);
    update.mutate(wanted, {
      onSuccess: ({ subscription }) =>
        showSuccessToast(`Additional seats: ${subscription.additionalSeats}.`),
      onError: (failure) =>
        setError(isApiError(failure) ? failure.message : 'The seats were not changed.'),
    });
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Additional seats"
          description={`${formatAmount(seatPrice, 'USD')} per seat a ${isYearly ? 'year' : 'month'}; an increase is charged prorated now.`}
          min={0}
          max={MAX_ADDITIONAL_SEATS}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
          w={260}
        />
        <Button
          onClick={handleSave}
          loading={update.isPending}
          disabled={value === current}
          mb={error ? 22 : 0}
        >
          Save seats
        </Button>
      </Group>
    </Stack>
  );
};

type SeatsSectionProps = { canManage: boolean };

/**
 * Team seats on /account-info: the plan's included seats, the additional ones bought, and those in
 * use; on Scaling and Professional the owner and admins change the additional seats.
 */
export const SeatsSection = ({ canManage }: SeatsSectionProps) => {
  const overview = useBillingOverview();

  return (
    <BillingSectionCard id="billing-seats" title="Seats">
      {overview.isPending ? (
        <Stack gap="xs" aria-label="Loading the seats">
          <Skeleton h={20} />
          <Skeleton h={20} />
        </Stack>
      ) : overview.isError ? (
        <LoadError
          message="Your seats could not be loaded."
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <Stack gap="sm">
          <Stack gap={4} component="dl" m={0}>
            {(
              [
                ['Included in the plan', overview.data.seats.included],
                ['Additional', overview.data.seats.additional],
                ['In use', overview.data.seats.inUse],
              ] as const
            ).map(([label, count]) => (
              <Group key={label} justify="space-between">
                <Text size="sm" c="dimmed" component="dt">
                  {label}
                </Text>
                <Text size="sm" component="dd" m={0}>
                  {seatsText(count)}
                </Text>
              </Group>
            ))}
          </Stack>
          {!canHaveTeamMembers(overview.data.planType) ? (
            <Text size="sm" c="dimmed">
              {PLAN_NAMES[overview.data.planType]} has no team seats to add; Scaling and
              Professional do.
            </Text>
          ) : canManage && overview.data.subscription?.isActive ? (
            <SeatsForm key={overview.data.seats.additional} overview={overview.data} />
          ) : null}
        </Stack>
      )}
    </BillingSectionCard>
  );
};
