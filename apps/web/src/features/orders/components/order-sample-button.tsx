import { Button } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { Money } from '@atelier/contract/common/money';
import { showSuccessToast } from '@/lib/notify';
import { useOrderSample } from '../api/cart-queries';
import { formatAmount } from '../orders-format';

type OrderSampleButtonProps = {
  catalogItemId: string;
  samplePrice: Money;
  /** Opens the cart once the sample is in it. */
  onOrdered: () => void;
};

/**
 * Spec §7 "Order a sample" (issue 12): one sample of the item at its sample price goes into the
 * cart, which then opens. A refusal (no sample offered any more) shows as a toast.
 */
export const OrderSampleButton = ({
  catalogItemId,
  samplePrice,
  onOrdered,
}: OrderSampleButtonProps) => {
  const orderSample = useOrderSample();
  return (
    <Button
      variant="light"
      color="grape"
      leftSection={<IconFlask size={16} aria-hidden />}
      loading={orderSample.isPending}
      onClick={() =>
        orderSample.mutate(catalogItemId, {
          onSuccess: () => {
            showSuccessToast('Sample added to your cart.');
            onOrdered();
          },
        })
      }
    >
      Order a sample · {formatAmount(samplePrice.amount, samplePrice.currencyCode)}
    </Button>
  );
};
