import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  capturePaypalPayment,
  type CheckoutInput,
  checkout,
  confirmPayment,
  paymentConfig,
} from '@atelier/contract/orders/invoice';
import { callApi } from '@/lib/api-client';
import { ordersKeys } from './orders-keys';

/** Spec §7 card payment provider: which provider takes cards, and the local one's test cards. */
export const usePaymentConfig = () =>
  useQuery({
    queryKey: ordersKeys.paymentConfig(),
    queryFn: ({ signal }) => callApi(paymentConfig, { signal, shouldToastError: false }),
    staleTime: Infinity,
  });

export type PayInput = { body: CheckoutInput; idempotencyKey: string };

/**
 * Spec §7 POST creator-invoice-payments. The server answers the first request of an
 * `Idempotency-Key` once and replays that answer for 24 h, so a retry of the same attempt with
 * the same key never charges twice. A decline is an answer (200, DECLINED), not an error. Every
 * answer moves items (to the cart, CHARGE_PENDING or paid): the module's queries are read again.
 */
export const usePay = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: PayInput) =>
      callApi(checkout, {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        shouldToastError: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
};

/** Finishes a payment that REQUIRES_ACTION once the card holder authenticated. */
export const useConfirmPayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      callApi(confirmPayment, { params: { id: paymentId }, shouldToastError: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
};

export type CapturePaypalInput = { paymentId: string; outcome: 'approved' | 'cancelled' };

/**
 * Spec §7 paypal-capture: after the buyer approved (or canceled) a PayPal payment, captures it
 * once and settles it (paid, or its items back in the cart); asking again answers the same.
 */
export const useCapturePaypal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, outcome }: CapturePaypalInput) =>
      callApi(capturePaypalPayment, {
        params: { id: paymentId },
        body: { outcome },
        shouldToastError: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
};
