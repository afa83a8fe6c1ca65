import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { isApiError } from '@/lib/api-error';
import { useAdvanceTestClock, useBillingOverview } from '../api/billing-queries';
import { formatBillingTime } from '../billing-format';
import { BillingSectionCard } from './billing-section-card';

const STEPS = [
  { days: 1, label: '+1 day' },
  { days: 7, label: '+7 days' },
  { days: 30, label: '+30 days' },
] as const;

type TestClockPanelProps = { canManage: boolean };

/**
 * The local provider's test clock: the store's billing time and buttons that move it forward,
 * running what falls due (renewals, trial end, payment retries, pause end). Nothing without the
 * local provider (real payments have no test clock).
 */
export const TestClockPanel = ({ canManage }: TestClockPanelProps) => {
  const overview = useBillingOverview();
  const advance = useAdvanceTestClock();
  if (!overview.isSuccess || !overview.data.provider.isLocal) return null;

  return (
    <BillingSectionCard
      id="billing-test-clock"
      title="Test clock"
      description="Only with test payments: move the store's billing time forward to see renewals, trial ends and payment retries happen."
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconClockPlay size={18} aria-hidden />
          <Text size="sm">
            Billing time:{' '}
            <strong data-testid="billing-time">{formatBillingTime(overview.data.now)}</strong>
          </Text>
        </Group>
        {canManage ? (
          <Group gap="xs">
            {STEPS.map((step) => (
              <Button
                key={step.days}
                size="xs"
                variant="light"
                loading={advance.isPending && advance.variables === step.days}
                disabled={advance.isPending && advance.variables !== step.days}
                onClick={() => advance.mutate(step.days)}
                aria-label={`Advance the test clock by ${step.days} ${step.days === 1 ? 'day' : 'days'}`}
              >
                {step.label}
              </Button>
            ))}
          </Group>
        ) : null}
        {advance.isError ? (
          <Alert color="red" variant="light" role="alert">
            {isApiError(advance.error) ? advance.error.message : 'The test clock did not move.'}
          </Alert>
        ) : null}
      </Stack>
    </BillingSectionCard>
  );
};
