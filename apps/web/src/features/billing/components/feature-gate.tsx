import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import type { FeatureAccess, FeatureKey } from '@atelier/contract/billing/entitlements';
import { PLAN_NAMES, type PlanType } from '@atelier/contract/identity/plans';

/** Where a store buys bundles and sees its plan (A3's billing section of /account-info). */
export const BILLING_SECTION_HREF = '/account-info#billing';

type FeatureGateProps = {
  feature: FeatureKey;
  /** The billing overview's `features` (one entry per feature key, from the server's policy). */
  features: readonly FeatureAccess[];
  /** Opens the manage_plan dialog with this plan preselected ("Upgrade to Scaling"). */
  onUpgrade: (planType: PlanType) => void;
  /** Follows a link of the app (the bundles on /account-info#billing, the pricing page). */
  onNavigate?: (href: string) => void;
  pricingHref?: string;
  children: ReactNode;
};

/**
 * Issue 13 feature gates (spec §6 per-module access): the children when the store's plan and
 * bundles allow `feature`, otherwise a panel saying what it needs (`requires`) and the way there:
 * the plan that unlocks it ("Upgrade to Scaling", opening the plan modal with it chosen) and the
 * bundles that do (bought on /account-info#billing). A feature the overview does not list is
 * treated as locked, without an upgrade.
 */
export const FeatureGate = ({
  feature,
  features,
  onUpgrade,
  onNavigate,
  pricingHref = '/pricing',
  children,
}: FeatureGateProps) => {
  const access = features.find((entry) => entry.feature === feature);
  if (access?.allowed) return <>{children}</>;
  const upgradeTo = access?.upgradeTo ?? null;

  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    onNavigate(href);
  };

  return (
    <Paper withBorder radius="md" p="xl" data-testid="feature-gate">
      <Stack gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="grape" radius="xl" size="lg">
            <IconLock size={18} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="h4">
            {access ? `${access.label} is not in your plan` : 'Not in your plan'}
          </Title>
        </Group>
        {access ? (
          <Text size="sm">
            It needs: <strong>{access.requires}</strong>.
          </Text>
        ) : null}
        <Group gap="sm">
          {upgradeTo ? (
            <Button onClick={() => onUpgrade(upgradeTo)}>Upgrade to {PLAN_NAMES[upgradeTo]}</Button>
          ) : null}
          {access && access.bundles.length > 0 ? (
            <Button
              component="a"
              href={BILLING_SECTION_HREF}
              onClick={follow(BILLING_SECTION_HREF)}
              variant={upgradeTo ? 'default' : 'filled'}
            >
              See bundles
            </Button>
          ) : null}
        </Group>
        <Anchor href={pricingHref} onClick={follow(pricingHref)} size="sm">
          Compare plans and fees
        </Anchor>
      </Stack>
    </Paper>
  );
};
