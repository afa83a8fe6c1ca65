import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LinkButton } from '@/components/ui/link-button';
import {
  isNonFreePlan,
  isProfessionalPlan,
  PLAN_NAMES,
  type PlanType,
  planUpgradeTarget,
} from '@atelier/contract/identity/plans';

/** Spec §6: what a bigger plan adds, as the spec says it. */
const UPGRADE_PITCH: Record<PlanType, string> = {
  TIER_1: 'Paid plans add modules, credits and team seats.',
  TIER_2: 'Professional adds premium support and more team seats.',
  TIER_2_5: 'Professional adds premium support and more team seats.',
  TIER_3: '',
};

type PlanCardProps = {
  planType: PlanType;
  /** Where "Upgrade to …" goes (the plan dialog with the target chosen); the route builds it. */
  upgradeHref: (target: PlanType) => string;
  /** The public pricing page. */
  pricingHref: string;
};

/** The store's plan (spec §4 tiers), the plan it would upgrade to, and the way there. */
export const PlanCard = ({ planType, upgradeHref, pricingHref }: PlanCardProps) => {
  const target = planUpgradeTarget(planType);
  return (
    <Paper withBorder radius="md" p="lg" h="100%" data-testid="plan-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={600} c="dimmed">
              Your plan
            </Text>
            <Title order={2} fz="h3" data-testid="plan-name">
              {PLAN_NAMES[planType]}
            </Title>
          </Stack>
          <Badge
            variant="light"
            color={isProfessionalPlan(planType) ? 'grape' : 'indigo'}
            tt="none"
            styles={{ root: { flexShrink: 0 } }}
          >
            {isNonFreePlan(planType) ? 'Paid plan' : 'No charge'}
          </Badge>
        </Group>
        {target ? (
          <>
            <Text size="sm" data-testid="plan-upgrade-target">
              Next plan: <strong>{PLAN_NAMES[target]}</strong>. {UPGRADE_PITCH[planType]}
            </Text>
            <LinkButton href={upgradeHref(target)} variant="light">
              Upgrade to {PLAN_NAMES[target]}
            </LinkButton>
          </>
        ) : (
          <Text size="sm" data-testid="plan-upgrade-target">
            You are on the top plan; there is nothing to upgrade to.
          </Text>
        )}
        <LinkButton href={pricingHref} variant="subtle" size="xs">
          Compare plans and fees
        </LinkButton>
      </Stack>
    </Paper>
  );
};
