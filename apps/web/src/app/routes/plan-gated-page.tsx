import { Skeleton } from '@mantine/core';
import { useLocation, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FeatureKey } from '@atelier/contract/billing/entitlements';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { useBillingOverview } from '@/features/billing/api/billing-queries';
import { FeatureGate } from '@/features/billing/components/feature-gate';
import { managePlanHref } from '@/features/billing/components/manage-plan-modal-search';

/**
 * A page of a plan-gated feature (spec §6, issue 13): its content when the store's plan and
 * bundles include `feature`, else what it needs and the upgrade (the plan modal over this page,
 * with the plan that unlocks it chosen) or the bundles.
 */
export const PlanGatedPage = ({
  feature,
  children,
}: {
  feature: FeatureKey;
  children: ReactNode;
}) => {
  const overview = useBillingOverview();
  const router = useRouter();
  const location = useLocation();
  if (overview.isPending) return <Skeleton h={200} data-testid="plan-gate-loading" />;
  if (overview.isError) {
    return (
      <LoadError
        message="Your plan could not be loaded, so this page cannot tell what it includes."
        onRetry={() => void overview.refetch()}
      />
    );
  }
  return (
    <FeatureGate
      feature={feature}
      features={overview.data.features}
      pricingHref={paths.pricing}
      onUpgrade={(planType) =>
        void router.navigate({
          href: managePlanHref(
            location.pathname,
            { step: 'manage', plan: planType },
            location.searchStr,
          ),
        })
      }
      onNavigate={(href) => void router.navigate({ href })}
    >
      {children}
    </FeatureGate>
  );
};
