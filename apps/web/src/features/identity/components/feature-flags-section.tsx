import { Stack, Switch, Text } from '@mantine/core';
import type { FeatureFlags } from '@atelier/contract/identity/account';
import { FEATURE_FLAG_LABELS, type FeatureFlagName } from '@/config/access';
import { useUpdateFeatureFlags } from '../api/store-queries';
import { SectionCard } from './section-card';

const FLAG_EFFECTS: Record<FeatureFlagName, string> = {
  analyticsAccess: 'Shows the Analytics group in the navigation.',
  fulfillmentMetrics: 'Shows Fulfillment Metrics in the Analytics group.',
  productDesign: 'Unlocks product concepts and the product design studios.',
  emailCapture: 'Unlocks email capture.',
  fulfillment: 'Unlocks the Fulfillment group.',
};

const FLAG_ORDER: readonly FeatureFlagName[] = [
  'analyticsAccess',
  'fulfillmentMetrics',
  'productDesign',
  'emailCapture',
  'fulfillment',
];

type FeatureFlagsSectionProps = { flags: FeatureFlags; canEdit: boolean };

/** Spec §6 per-store feature flags; only the owner turns them on or off. */
export const FeatureFlagsSection = ({ flags, canEdit }: FeatureFlagsSectionProps) => {
  const update = useUpdateFeatureFlags();
  const pendingFlag = update.isPending ? Object.keys(update.variables ?? {})[0] : undefined;

  return (
    <SectionCard
      id="feature-flags"
      title="Feature flags"
      description={
        canEdit
          ? 'Turn parts of Atelier on or off for everyone in this store.'
          : "Parts of Atelier turned on for this store. Only the store's owner changes them."
      }
    >
      <Stack gap="sm">
        {FLAG_ORDER.map((flag) => (
          <Switch
            key={flag}
            label={FEATURE_FLAG_LABELS[flag]}
            description={FLAG_EFFECTS[flag]}
            checked={pendingFlag === flag ? Boolean(update.variables?.[flag]) : flags[flag]}
            disabled={!canEdit || update.isPending}
            onChange={(event) => update.mutate({ [flag]: event.currentTarget.checked })}
            data-flag={flag}
          />
        ))}
        {update.isError ? (
          <Text size="sm" c="red" role="alert">
            The flag was not changed.
          </Text>
        ) : null}
      </Stack>
    </SectionCard>
  );
};
