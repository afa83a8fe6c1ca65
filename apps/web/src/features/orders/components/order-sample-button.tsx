import { Button } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { Money } from '@atelier/contract/common/money';
import { DeferredTooltip } from '@/components/ui/deferred-tooltip';
import { showSuccessToast } from '@/lib/notify';
import { useOrderSample } from '../api/cart-queries';
import { formatAmount } from '../orders-format';

type OrderSampleButtonProps = {
  catalogItemId: string;
  samplePrice: Money;
  /** Spec §4 stock: the supplier has no sample to send now; the button is disabled. */
  isOutOfStock?: boolean;
  /** Opens the cart once the sample is in it. */
  onOrdered: () => void;
};

const OUT_OF_STOCK_REASON = 'Samples are out of stock; ask the supplier in chat.';

/**
 * Spec §7 "Order a sample" (issue 12): one sample of the item at its sample price goes into the
 * cart, which then opens. A refusal (no sample offered any more) shows as a toast. Out of stock
 * (spec §4), the button is disabled and says why in a tooltip.
 */
export const OrderSampleButton = ({
  catalogItemId,
  samplePrice,
  isOutOfStock = false,
  onOrdered,
}: OrderSampleButtonProps) => {
  const orderSample = useOrderSample();
  const label = `Order a sample · ${formatAmount(samplePrice.amount, samplePrice.currencyCode)}`;
  if (isOutOfStock) {
    // `data-disabled` rather than `disabled`: a disabled button gets no hover, so no tooltip.
    // The tooltip's label is also the button's accessible description.
    return (
      <DeferredTooltip label={OUT_OF_STOCK_REASON}>
        <Button
          variant="light"
          color="grape"
          leftSection={<IconFlask size={16} aria-hidden />}
          data-disabled
          aria-disabled
          onClick={(event) => event.preventDefault()}
        >
          {label}
        </Button>
      </DeferredTooltip>
    );
  }
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
      {label}
    </Button>
  );
};
