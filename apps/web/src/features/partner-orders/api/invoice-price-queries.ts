import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePartnerInvoiceLinePrice } from '@atelier/contract/orders/order-item-pricing';
import { callPartnerApi } from '@/lib/api-client';
import { partnerOrdersKeys } from './partner-orders-keys';

/**
 * Changes the unit price (minor units) of a line of an unpaid invoice; the answer is the invoice.
 * The modal shows a refusal itself (400 on `unitPrice`, 409 once paid): no toast.
 */
export const useUpdateInvoiceLinePrice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      invoiceId,
      lineId,
      unitPrice,
    }: {
      invoiceId: string;
      lineId: string;
      unitPrice: number;
    }) =>
      callPartnerApi(updatePartnerInvoiceLinePrice, {
        params: { id: invoiceId, itemId: lineId },
        body: { unitPrice },
        shouldToastError: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerOrdersKeys.invoices() }),
  });
};
