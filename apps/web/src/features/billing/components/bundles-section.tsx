import { Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ModuleStatus, SubscriptionModule } from '@atelier/contract/billing/bundles';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import { useBillingOverview, useBuyBundle } from '../api/billing-queries';
import { formatAmount, formatBillingDate, formatCredits } from '../billing-format';
import { BillingSectionCard } from './billing-section-card';

const MODULE_STATUS_LABELS: Readonly<Record<ModuleStatus, string>> = {
  NOT_ACTIVE: 'Not active',
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
};

const MODULE_STATUS_COLORS: Readonly<Record<ModuleStatus, string>> = {
  NOT_ACTIVE: 'gray',
  ACTIVE: 'green',
  EXPIRED: 'orange',
};

/** Bundle prices are US cents (the contract's `bundlePrice`). */
const BUNDLE_CURRENCY = 'USD';

type Purchase = { bundle: SubscriptionModule; credits: number; price: number };

const statusNote = (bundle: SubscriptionModule): string | null => {
  if (bundle.status === 'ACTIVE') {
    if (bundle.source === 'PLAN') return 'Comes with your plan.';
    return bundle.expiresAt ? `Active until ${formatBillingDate(bundle.expiresAt)}.` : null;
  }
  if (bundle.status === 'EXPIRED' && bundle.expiresAt) {
    return `Expired on ${formatBillingDate(bundle.expiresAt)}.`;
  }
  return bundle.welcomeCredits > 0
    ? `The first purchase adds ${formatCredits(bundle.welcomeCredits)} welcome credits.`
    : null;
};

type ConfirmPurchaseModalProps = { purchase: Purchase | null; onClose: () => void };

/** Asks before a bundle is bought, with its price: the default card is charged at once. */
const ConfirmPurchaseModal = ({ purchase, onClose }: ConfirmPurchaseModalProps) => {
  const buy = useBuyBundle();
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(purchase);
  if (purchase && purchase !== shown) setShown(purchase);
  const close = () => {
    setError(null);
    onClose();
  };
  const price = shown ? formatAmount(shown.price, BUNDLE_CURRENCY) : '';
  return (
    <Modal opened={purchase !== null} onClose={close} title="Buy this bundle?" centered>
      <Stack gap="md">
        <FormErrorAlert message={error} />
        {shown ? (
          <Text size="sm">
            {shown.bundle.label} with {formatCredits(shown.credits)} credits for{' '}
            <strong>{price}</strong>, charged now to your default card.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            Not now
          </Button>
          <Button
            loading={buy.isPending}
            onClick={() => {
              if (!purchase) return;
              buy.mutate(
                { name: purchase.bundle.name, credits: purchase.credits },
                {
                  onSuccess: ({ module }) => {
                    showSuccessToast(`${module.label} bought.`);
                    close();
                  },
                  onError: (failure) =>
                    setError(isApiError(failure) ? failure.message : 'The bundle was not bought.'),
                },
              );
            }}
          >
            Pay {price}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

type BundleRowProps = {
  bundle: SubscriptionModule;
  canBuy: boolean;
  onBuy: (purchase: Purchase) => void;
};

const BundleRow = ({ bundle, canBuy, onBuy }: BundleRowProps) => {
  const note = statusNote(bundle);
  return (
    <Stack component="li" gap={6} aria-label={bundle.label}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {bundle.label}
        </Text>
        <Badge variant="light" color={MODULE_STATUS_COLORS[bundle.status]} tt="none">
          {MODULE_STATUS_LABELS[bundle.status]}
        </Badge>
      </Group>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
      <Group gap="xs">
        {bundle.sizes.map((size) => {
          const text = `${formatCredits(size.credits)} credits · ${formatAmount(size.price, BUNDLE_CURRENCY)}`;
          return canBuy ? (
            <Button
              key={size.credits}
              size="compact-sm"
              variant="light"
              aria-label={`Buy ${bundle.label} with ${formatCredits(size.credits)} credits for ${formatAmount(size.price, BUNDLE_CURRENCY)}`}
              onClick={() => onBuy({ bundle, credits: size.credits, price: size.price })}
            >
              {text}
            </Button>
          ) : (
            <Badge key={size.credits} variant="outline" color="gray" tt="none">
              {text}
            </Badge>
          );
        })}
      </Group>
    </Stack>
  );
};

type BundlesSectionProps = { canManage: boolean };

/**
 * Spec §1 bundles on /account-info: each bundle's status (with the plan, bought until a date,
 * expired) and its sizes with prices; the owner and admins buy one after a confirmation with its
 * price.
 */
export const BundlesSection = ({ canManage }: BundlesSectionProps) => {
  const overview = useBillingOverview();
  const [purchase, setPurchase] = useState<Purchase | null>(null);

  return (
    <BillingSectionCard
      id="billing-bundles"
      title="Bundles"
      description="A bundle unlocks its modules for a year and grants AI credits."
    >
      {overview.isPending ? (
        <Stack gap="sm" aria-label="Loading the bundles">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : overview.isError ? (
        <LoadError
          message="The bundles could not be loaded."
          onRetry={() => void overview.refetch()}
        />
      ) : overview.data.modules.length === 0 ? (
        <Text size="sm" c="dimmed">
          No bundles are offered right now.
        </Text>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {overview.data.modules.map((bundle) => (
            <BundleRow key={bundle.name} bundle={bundle} canBuy={canManage} onBuy={setPurchase} />
          ))}
        </Stack>
      )}
      <ConfirmPurchaseModal purchase={purchase} onClose={() => setPurchase(null)} />
    </BillingSectionCard>
  );
};
