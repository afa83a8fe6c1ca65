import {
  Alert,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  MAX_RETURN_WINDOW_DAYS,
  REFUND_METHOD_LABELS,
  REFUND_METHODS,
  type RefundDestination,
  type RefundMethod,
  type ReturnFeeType,
  type ReturnSettings,
} from '@atelier/contract/fulfillment/returns';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useReturnSettings, useUpdateReturnSettings } from '../api/return-queries';

type Draft = {
  isEnabled: boolean;
  windowDays: number | string;
  feeType: ReturnFeeType;
  /** Dollars as typed. */
  fee: number | string;
  refundMethod: RefundMethod;
  refundDestination: RefundDestination;
  allowExchanges: boolean;
};

const draftOf = (settings: ReturnSettings): Draft => ({
  isEnabled: settings.isEnabled,
  windowDays: settings.windowDays,
  feeType: settings.feeType,
  fee: settings.fee.amount / 100,
  refundMethod: settings.refundMethod,
  refundDestination: settings.refundDestination,
  allowExchanges: settings.allowExchanges,
});

const SettingsForm = ({ settings }: { settings: ReturnSettings }) => {
  const update = useUpdateReturnSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const errors = listFieldErrors(update.error);
  const otherError =
    update.error && Object.keys(errors).length === 0
      ? isApiError(update.error)
        ? update.error.message
        : 'The settings could not be saved.'
      : null;
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const isStoreCredit = draft.refundMethod === 'STORE_CREDIT';
  return (
    <Paper withBorder radius="md" p="md" maw={560}>
      <form
        aria-label="Return settings"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            {
              isEnabled: draft.isEnabled,
              windowDays: Number(draft.windowDays),
              feeType: draft.feeType,
              feeAmount: draft.feeType === 'FREE' ? 0 : Math.round(Number(draft.fee || 0) * 100),
              refundMethod: draft.refundMethod,
              refundDestination: isStoreCredit ? 'STORE_CREDIT' : draft.refundDestination,
              allowExchanges: draft.allowExchanges,
            },
            {
              onSuccess: () =>
                notifications.show({ color: 'green', message: 'Return settings saved.' }),
            },
          );
        }}
      >
        <Stack gap="md">
          <Switch
            label="Accept returns"
            description="Returns can be created for orders of every sales channel, manual ones included."
            checked={draft.isEnabled}
            onChange={(event) => set({ isEnabled: event.currentTarget.checked })}
          />
          <NumberInput
            label="Return window"
            description="Days after the parcel left the fulfillment center."
            suffix=" days"
            min={1}
            max={MAX_RETURN_WINDOW_DAYS}
            allowDecimal={false}
            value={draft.windowDays}
            onChange={(value) => set({ windowDays: value })}
            error={errors['windowDays']}
          />
          <NativeSelect
            label="Return fee"
            data={[
              { value: 'FREE', label: 'Free returns' },
              { value: 'DEDUCT_FROM_REFUND', label: 'Deduct a fee from the refund' },
            ]}
            value={draft.feeType}
            onChange={(event) => set({ feeType: event.currentTarget.value as ReturnFeeType })}
          />
          {draft.feeType === 'DEDUCT_FROM_REFUND' ? (
            <NumberInput
              label="Fee"
              prefix="$"
              min={0}
              max={1000}
              decimalScale={2}
              value={draft.fee}
              onChange={(value) => set({ fee: value })}
              error={errors['feeAmount']}
            />
          ) : null}
          <NativeSelect
            label="Refund method"
            description="Automatic refunds are made when the return is received and inspected."
            data={REFUND_METHODS.map((value) => ({ value, label: REFUND_METHOD_LABELS[value] }))}
            value={draft.refundMethod}
            onChange={(event) => set({ refundMethod: event.currentTarget.value as RefundMethod })}
          />
          <NativeSelect
            label="Refund to"
            disabled={isStoreCredit}
            data={[
              { value: 'ORIGINAL_PAYMENT', label: 'The original payment' },
              { value: 'STORE_CREDIT', label: 'Store credit' },
            ]}
            value={isStoreCredit ? 'STORE_CREDIT' : draft.refundDestination}
            onChange={(event) =>
              set({ refundDestination: event.currentTarget.value as RefundDestination })
            }
            error={errors['refundDestination']}
          />
          <Switch
            label="Allow exchanges"
            description="The customer may ask for another variant instead of the money; it is sent in a new order at no charge."
            checked={draft.allowExchanges}
            onChange={(event) => set({ allowExchanges: event.currentTarget.checked })}
          />
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** /return-settings, Settings tab (issue 15): window, fee, refund method and destination. */
export const ReturnSettingsForm = () => {
  const settings = useReturnSettings();
  if (settings.isPending) return <Skeleton height={360} maw={560} radius="md" />;
  if (settings.isError) {
    return (
      <Alert color="red" title="The return settings could not be loaded">
        <Button size="compact-sm" variant="light" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <SettingsForm settings={settings.data} />;
};
