import {
  Badge,
  Card,
  Divider,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import type { Plan, PlatformFee } from '@atelier/contract/billing/plans';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs, paths } from '@/config/paths';
import { useBillingPlans } from '@/features/billing/api/billing-queries';
import { managePlanHref } from '@/features/billing/components/manage-plan-modal-search';
import {
  formatBillingAmount,
  formatFeeAmount,
  formatPlanPrice,
} from '@/features/billing/components/plan-picker';
import { hasSession } from '@/lib/api-client';

/** Where a plan's button leads: the plan modal with it chosen (after signing up if needed). */
const choosePlanHref = (plan: Plan): string => {
  const target = managePlanHref(paths.homebase, { step: 'manage', plan: plan.planType });
  return hasSession() ? target : hrefs.register(target);
};

const PlanCardView = ({ plan }: { plan: Plan }) => (
  <Card withBorder radius="md" padding="lg" data-testid={`pricing-plan-${plan.planType}`}>
    <Stack gap="sm" h="100%">
      <Stack gap={2}>
        <Title order={2} fz="h3">
          {plan.name}
        </Title>
        {plan.alternateName !== plan.name ? (
          <Text size="sm" c="dimmed">
            Also called {plan.alternateName}
          </Text>
        ) : null}
      </Stack>
      <Stack gap={0}>
        <Text fw={700} fz="xl">
          {formatPlanPrice(plan.prices.MONTH, plan.currencyCode, 'MONTH')}
        </Text>
        <Text size="sm" c="dimmed">
          {plan.prices.YEAR === 0
            ? 'Free every year'
            : `or ${formatPlanPrice(plan.prices.YEAR, plan.currencyCode, 'YEAR')} billed yearly`}
        </Text>
      </Stack>
      <Text size="sm">
        {plan.seatsIncluded === 1 ? '1 seat' : `${plan.seatsIncluded} seats`} included
        {plan.additionalSeatPricePerMonth !== null
          ? `; more at ${formatBillingAmount(plan.additionalSeatPricePerMonth, plan.currencyCode)} a seat a month`
          : ''}
      </Text>
      {plan.premiumSupport ? (
        <Badge variant="light" color="grape" tt="none" w="fit-content">
          Premium support
        </Badge>
      ) : null}
      <Divider />
      <List size="sm" spacing={4} icon={<IconCheck size={14} aria-hidden />} style={{ flex: 1 }}>
        {plan.highlights.map((highlight) => (
          <List.Item key={highlight}>{highlight}</List.Item>
        ))}
      </List>
      <LinkButton
        href={choosePlanHref(plan)}
        variant={plan.planType === 'TIER_1' ? 'default' : 'filled'}
      >
        {plan.planType === 'TIER_1' ? 'Start free' : `Choose ${plan.name}`}
      </LinkButton>
    </Stack>
  </Card>
);

/** Spec §9 fees in one table: what each costs, on what, and where the figure comes from. */
export const PlatformFeesTable = ({ fees }: { fees: readonly PlatformFee[] }) => (
  <Table.ScrollContainer minWidth={560}>
    <Table striped withTableBorder aria-label="Platform fees" data-testid="platform-fees">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fee</Table.Th>
          <Table.Th>Amount</Table.Th>
          <Table.Th>Per</Table.Th>
          <Table.Th>Charged on</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fees.map((fee) => (
          <Table.Tr key={fee.key}>
            <Table.Td>{fee.label}</Table.Td>
            <Table.Td>{formatFeeAmount(fee)}</Table.Td>
            <Table.Td>{fee.per}</Table.Td>
            <Table.Td>{fee.chargedOn}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/**
 * Issue 13 public pricing page (/pricing, no login): every plan with its monthly and yearly price,
 * seats and highlights under both name sets of spec §6, and one table of every platform fee.
 */
export const PricingPage = () => {
  useDocumentTitle('Pricing · Atelier');
  const catalogue = useBillingPlans();
  return (
    <Stack gap="xl">
      <PageHeader
        title="Plans and pricing"
        description="Every plan, what it costs monthly or yearly, and every fee of the platform."
      />
      {catalogue.isPending ? (
        <Skeleton h={360} data-testid="pricing-loading" />
      ) : catalogue.isError ? (
        <LoadError
          message={catalogue.error.message}
          onRetry={() => void catalogue.refetch()}
          isStacked
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
            {catalogue.data.plans.map((plan) => (
              <PlanCardView key={plan.planType} plan={plan} />
            ))}
          </SimpleGrid>
          <Stack gap="sm">
            <Title order={2} fz="h3">
              No hidden fees
            </Title>
            <Text c="dimmed" maw={720}>
              Everything the platform charges besides your plan is in this table; nothing else is
              added to an invoice.
            </Text>
            <PlatformFeesTable fees={catalogue.data.fees} />
          </Stack>
        </>
      )}
    </Stack>
  );
};
