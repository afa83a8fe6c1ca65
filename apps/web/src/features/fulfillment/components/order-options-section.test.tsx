// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  orderOptionsEndpoints as api,
  type OrderOptions,
} from '@atelier/contract/fulfillment/order-options';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { OrderOptionsSection } from './order-options-section';

const { requestsTo } = startMockServer();

const anOptions = (overrides: Partial<OrderOptions> = {}): OrderOptions => ({
  orderId: 'ord_1',
  shippingMethod: null,
  isPriority: false,
  priorityAt: null,
  shipsBy: null,
  priorityFee: { amount: 1_000, currencyCode: 'USD' },
  canChange: true,
  ...overrides,
});

/** Answers like the server: PUTs change the options the GET then reads. */
const serveOptions = (initial: OrderOptions) => {
  let current = initial;
  server.use(
    handle(api.getOrderOptions, () => current),
    handle(api.setShippingMethod, ({ body }) => {
      current = { ...current, shippingMethod: body.shippingMethod };
      return current;
    }),
    handle(api.setPriority, ({ body }) => {
      current = {
        ...current,
        isPriority: body.isPriority,
        priorityAt: body.isPriority ? '2026-11-23T14:30:00.000Z' : null,
        shipsBy: body.isPriority ? '2026-11-23' : null,
      };
      return current;
    }),
  );
};

const choose = async (user: ReturnType<typeof render>['user'], label: string, option: string) => {
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(found).toBeTruthy();
    return found!;
  });
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
};

describe('OrderOptionsSection', () => {
  it('chooses a shipping method, and goes back to automatic', async () => {
    serveOptions(anOptions());
    const { user } = render(<OrderOptionsSection orderId="ord_1" />);
    const method = await screen.findByRole('combobox', { name: 'Shipping method' });
    expect((method as HTMLInputElement).value).toBe('Automatic: rules, else cheapest');

    await choose(user, 'Shipping method', 'Express');
    await waitFor(() => expect((method as HTMLInputElement).value).toBe('Express'));
    expect(requestsTo('PUT', '/api/web/orders/ord_1/shipping-method').at(-1)?.body).toEqual({
      shippingMethod: 'Express',
    });

    await choose(user, 'Shipping method', 'Automatic: rules, else cheapest');
    await waitFor(() =>
      expect(requestsTo('PUT', '/api/web/orders/ord_1/shipping-method').at(-1)?.body).toEqual({
        shippingMethod: null,
      }),
    );
  });

  it('turns priority fulfilment on with its fee and ship-by day, and off again', async () => {
    serveOptions(anOptions());
    const { user } = render(<OrderOptionsSection orderId="ord_1" />);
    const priority = await screen.findByRole('switch', { name: /^Priority fulfilment/ });
    expect(screen.getByText('$10 · ships today if asked before 12:00 New York time')).toBeTruthy();
    expect(screen.queryByText(/Ships by/)).toBeNull();

    await user.click(priority);
    expect(await screen.findByText('Ships by Monday, Nov 23')).toBeTruthy();
    expect(requestsTo('PUT', '/api/web/orders/ord_1/priority').at(-1)?.body).toEqual({
      isPriority: true,
    });

    await user.click(priority);
    await waitFor(() => expect(screen.queryByText(/Ships by/)).toBeNull());
    expect(requestsTo('PUT', '/api/web/orders/ord_1/priority').at(-1)?.body).toEqual({
      isPriority: false,
    });
  });

  it('disables both once the order has shipped', async () => {
    serveOptions(
      anOptions({
        shippingMethod: 'Ground',
        isPriority: true,
        priorityAt: '2026-11-23T14:30:00.000Z',
        shipsBy: '2026-11-23',
        canChange: false,
      }),
    );
    render(<OrderOptionsSection orderId="ord_1" />);
    const priority = await screen.findByRole('switch', { name: /^Priority fulfilment/ });
    expect(priority.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Shipping method' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByText(/This order has shipped or was canceled/)).toBeTruthy();
    expect(screen.queryByText(/Ships by/)).toBeNull();
  });

  it('shows the server’s refusal when the order shipped meanwhile, and reads the options again', async () => {
    let reads = 0;
    server.use(
      handle(api.getOrderOptions, () => {
        reads += 1;
        return anOptions({ canChange: reads === 1 });
      }),
      handle(api.setPriority, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'This order has shipped: its fulfillment options cannot change.',
          reason: 'order_already_shipped',
        }),
      ),
    );
    const { user } = render(<OrderOptionsSection orderId="ord_1" />);
    await user.click(await screen.findByRole('switch', { name: /^Priority fulfilment/ }));
    expect(
      await screen.findByText('This order has shipped: its fulfillment options cannot change.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: /^Priority fulfilment/ }).hasAttribute('disabled'),
      ).toBe(true),
    );
  });
});
