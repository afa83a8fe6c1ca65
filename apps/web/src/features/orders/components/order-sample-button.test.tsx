// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSampleOrderItem } from '@atelier/contract/orders/order-item-api';
import { render } from '@/testing/render';
import { startMockServer } from '@/testing/server';
import { OrderSampleButton } from './order-sample-button';

const { requestsTo } = startMockServer();

const samplePrice = { amount: 2500, currencyCode: 'USD' };

describe('OrderSampleButton', () => {
  // happy-dom lays nothing out; floating-ui would hide a tooltip on a 0×0 reference.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(100, 100, 80, 24),
    );
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1024);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(768);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is disabled out of stock, says why, and orders nothing', async () => {
    const onOrdered = vi.fn();
    const { user } = render(
      <OrderSampleButton
        catalogItemId="itm_1"
        samplePrice={samplePrice}
        isOutOfStock
        onOrdered={onOrdered}
      />,
    );
    const button = screen.getByRole('button', { name: /Order a sample/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('data-disabled')).toBe('true');
    const reason = 'Samples are out of stock; ask the supplier in chat.';
    expect(button.getAttribute('aria-description')).toBe(reason);

    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', reason);
    await user.click(button);
    expect(requestsTo('POST', createSampleOrderItem.path)).toHaveLength(0);
    expect(onOrdered).not.toHaveBeenCalled();
  });

  it('is enabled in stock', () => {
    render(
      <OrderSampleButton catalogItemId="itm_1" samplePrice={samplePrice} onOrdered={vi.fn()} />,
    );
    const button = screen.getByRole('button', { name: /Order a sample/ });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(button.getAttribute('data-disabled')).toBeNull();
  });
});
