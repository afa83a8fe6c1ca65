import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  type CheckoutInput,
  getPublicInvoice,
  payPublicInvoice,
  publicPaymentConfig,
} from '@atelier/contract/orders/invoice';
import { callApi } from '@/lib/api-client';

/** Whether `sn` can be an invoice link at all (the contract's 32 hex digits). */
export const isInvoiceLink = (sn: string): boolean =>
  getPublicInvoice.params.safeParse({ sn }).success;

const publicInvoiceKey = (sn: string) => ['public-pay-invoice', sn] as const;

/** Spec §2 /public-pay-invoice/{sn}: the invoice of a pay link, read without login. */
export const publicInvoiceQueryOptions = (sn: string) =>
  queryOptions({
    queryKey: publicInvoiceKey(sn),
    // The page says itself when the link leads nowhere; no toast on top of it.
    queryFn: ({ signal }) =>
      callApi(getPublicInvoice, { params: { sn }, signal, shouldToastError: false }),
    enabled: isInvoiceLink(sn),
  });

export const usePublicInvoice = (sn: string) => useQuery(publicInvoiceQueryOptions(sn));

/** Reads the pay link's invoice again (after Stripe's 3-D Secure, until the webhook paid it). */
export const useRefreshPublicInvoice = (sn: string) => {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: publicInvoiceKey(sn) }),
    [queryClient, sn],
  );
};

/**
 * Which provider takes cards on the pay link (no login): the local test provider, or Stripe with
 * its publishable key for Stripe.js.
 */
export const usePublicPaymentConfig = () =>
  useQuery({
    queryKey: ['public-payment-config'],
    queryFn: ({ signal }) => callApi(publicPaymentConfig, { signal, shouldToastError: false }),
    staleTime: Infinity,
  });

export type PublicPayBody = Omit<CheckoutInput, 'itemIds'>;
export type PublicPayInput = { body: PublicPayBody; idempotencyKey: string };

/**
 * Pays the invoice of a pay link (no login). Like the checkout, it needs an `Idempotency-Key`:
 * the server replays the first answer of a key, so a retry of the same attempt never charges
 * twice. A decline is an answer (200, DECLINED), not an error. The invoice is read again after
 * any answer (paid, or its lines moved).
 */
export const usePayPublicInvoice = (sn: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: PublicPayInput) =>
      callApi(payPublicInvoice, {
        params: { sn },
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        shouldToastError: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicInvoiceKey(sn) }),
  });
};
