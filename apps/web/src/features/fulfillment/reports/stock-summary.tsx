import { Badge, Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  MAX_LOW_STOCK_THRESHOLD,
} from '@atelier/contract/fulfillment/fees';
import { listFieldErrors } from '@/lib/api-error';
import { showErrorToast } from '@/lib/notify';
import {
  downloadStockCsv,
  useInventoryCounts,
  useLowStockSetting,
  useSetLowStockThreshold,
} from './report-queries';

/**
 * Issue 15 stock at a glance for /inventory (spec §7 inventory-counts): tracked variants in
 * stock, low (at or below their low-stock threshold) and out of stock, and the stock as CSV.
 */
export const StockSummary = () => {
  const counts = useInventoryCounts();
  const [isDownloading, setIsDownloading] = useState(false);
  const handleDownload = () => {
    setIsDownloading(true);
    downloadStockCsv()
      .catch(() => showErrorToast('The stock could not be downloaded. Try again.'))
      .finally(() => setIsDownloading(false));
  };
  return (
    <Group justify="space-between" mb="md" wrap="wrap">
      {counts.isPending ? (
        <Skeleton h={24} w={280} aria-label="Loading stock counts" />
      ) : counts.isError ? (
        <Text size="sm" c="dimmed">
          Stock counts are not available right now.
        </Text>
      ) : (
        <Group gap="xs" aria-label="Stock counts">
          <Badge color="teal" variant="light">
            {counts.data.inStock} in stock
          </Badge>
          <Badge color="yellow" variant="light">
            {counts.data.low} low
          </Badge>
          <Badge color="red" variant="light">
            {counts.data.outOfStock} out of stock
          </Badge>
        </Group>
      )}
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={handleDownload}
        loading={isDownloading}
      >
        Export stock CSV
      </Button>
    </Group>
  );
};

/**
 * A variant's low-stock threshold: an e-mail goes out once when its available units fall to it
 * or below, and again only after they went back above. Empty uses the default.
 */
export const LowStockThresholdForm = ({ variantId }: { variantId: string }) => {
  const setting = useLowStockSetting(variantId);
  const save = useSetLowStockThreshold(variantId);
  const [draft, setDraft] = useState<string | number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (setting.isPending) return <Skeleton h={60} aria-label="Loading the low-stock threshold" />;
  if (setting.isError) return null;
  const value = draft ?? setting.data.threshold ?? '';

  const handleSave = () => {
    setError(null);
    const threshold = value === '' ? null : Number(value);
    if (threshold !== null && (!Number.isInteger(threshold) || threshold < 0)) {
      setError('A whole number of units, 0 or more.');
      return;
    }
    save.mutate(threshold, {
      onSuccess: () => setDraft(null),
      onError: (failure) =>
        setError(listFieldErrors(failure).threshold ?? 'The threshold could not be saved.'),
    });
  };

  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Low-stock alert at"
          description={`Units available; empty uses ${DEFAULT_LOW_STOCK_THRESHOLD}.`}
          placeholder={String(DEFAULT_LOW_STOCK_THRESHOLD)}
          min={0}
          max={MAX_LOW_STOCK_THRESHOLD}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={setDraft}
          error={error}
          w={200}
        />
        <Button variant="default" onClick={handleSave} loading={save.isPending}>
          Save
        </Button>
      </Group>
      {setting.data.isAlerted ? (
        <Text size="xs" c="yellow.8">
          Low: the alert was sent.
        </Text>
      ) : null}
    </Stack>
  );
};
