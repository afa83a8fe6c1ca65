import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  feeEndpoints as api,
  INVENTORY_CSV_PATH,
  type MetricsQuery,
  type StartReportBody,
} from '@atelier/contract/fulfillment/fees';
import { callApi } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';

export const reportKeys = {
  all: ['fulfillment-reports'] as const,
  metrics: (query: MetricsQuery) => [...reportKeys.all, 'metrics', query.from, query.to] as const,
  counts: () => [...reportKeys.all, 'inventory-counts'] as const,
  lowStock: (variantId: string) => [...reportKeys.all, 'low-stock', variantId] as const,
};

/**
 * POST /api/web/fulfillment/reports: starts a report job (202, the job). Errors are the form's
 * to show (a 400 names its field), so no toast.
 */
export const useStartReport = () =>
  useMutation({
    mutationFn: (body: StartReportBody) =>
      callApi(api.startReport, { body, shouldToastError: false }),
  });

/** GET /api/web/fulfillment/metrics for a period (the last figures stay while the next load). */
export const useFulfillmentMetrics = (query: MetricsQuery) =>
  useQuery({
    queryKey: reportKeys.metrics(query),
    queryFn: ({ signal }) => callApi(api.metrics, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/web/fulfillment/inventory-counts: variants in stock, low and out of stock. */
export const useInventoryCounts = () =>
  useQuery({
    queryKey: reportKeys.counts(),
    queryFn: ({ signal }) => callApi(api.inventoryCounts, { signal }),
  });

/** GET …/inventory/:variantId/low-stock: a variant's threshold and whether its alert is out. */
export const useLowStockSetting = (variantId: string) =>
  useQuery({
    queryKey: reportKeys.lowStock(variantId),
    queryFn: ({ signal }) => callApi(api.getLowStock, { params: { variantId }, signal }),
  });

/** PUT …/inventory/:variantId/low-stock (null: the default threshold); counts are read again. */
export const useSetLowStockThreshold = (variantId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number | null) =>
      callApi(api.setLowStock, {
        params: { variantId },
        body: { threshold },
        shouldToastError: false,
      }),
    onSuccess: (setting) => {
      queryClient.setQueryData(reportKeys.lowStock(variantId), setting);
      void queryClient.invalidateQueries({ queryKey: reportKeys.counts() });
    },
  });
};

/** Saves the stock as CSV (SKU, product, variant, bin, on hand, reserved, available, incoming). */
export const downloadStockCsv = () => downloadWithSession(INVENTORY_CSV_PATH, 'inventory.csv');
