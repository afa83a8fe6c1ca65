// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Country, listCountries } from '@atelier/contract/reference/geography';
import { getStoreOrder } from '@atelier/contract/sales/order';
import { updateOrderShippingAddress } from '@atelier/contract/sales/order-operations';
import { callApi } from '@/lib/api-client';
import { aStoreOrder } from '@/testing/factories';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { useOrder } from '../api/order-queries';
import { ShippingAddressEditor } from './shipping-address-editor';

const { requestsTo } = startMockServer();

const ADDRESS_PATH = '/api/web/orders/ord_1/shipping-address';

const aCountry = (code: string, name: string): Country => ({
  code,
  iso3: `${code}X`,
  name,
  regionCode: null,
  subregion: null,
  phoneCode: null,
  currencyCode: null,
  emoji: null,
});

/** The route passes the reference data's own query; this one asks the same endpoint. */
const useTestCountries = () =>
  useQuery({
    queryKey: ['reference', 'countries'],
    queryFn: ({ signal }) => callApi(listCountries, { signal }),
  });

const AddressOfOrder = () => {
  const order = useOrder('ord_1');
  return order.data ? (
    <ShippingAddressEditor order={order.data} useCountries={useTestCountries} />
  ) : null;
};

const withOrder = () =>
  server.use(
    handle(getStoreOrder, () => aStoreOrder()),
    handle(listCountries, () => ({
      items: [aCountry('US', 'United States'), aCountry('CA', 'Canada')],
    })),
  );

describe('ShippingAddressEditor', () => {
  it('saves the changed address, empty parts as none', async () => {
    withOrder();
    server.use(
      handle(updateOrderShippingAddress, ({ body }) => aStoreOrder({ shippingAddress: body })),
    );
    const { user } = render(<AddressOfOrder />);
    const section = await screen.findByRole('region', { name: 'Shipping address' });
    expect(within(section).getByText('12 Analytical Row')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Edit the shipping address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the shipping address' });
    const line1 = within(dialog).getByRole('textbox', { name: /Address line 1/ });
    await user.clear(line1);
    await user.type(line1, '1 Market Street');
    await user.type(within(dialog).getByRole('textbox', { name: /Address line 2/ }), 'Suite 5');
    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('PUT', ADDRESS_PATH)[0]?.body).toEqual({
      name: null,
      company: null,
      line1: '1 Market Street',
      line2: 'Suite 5',
      city: 'Raleigh',
      stateCode: 'NC',
      postalCode: '27601',
      countryCode: 'US',
      phone: null,
    });
    expect(within(section).getByText('Suite 5')).toBeTruthy();
  });

  it('shows the server’s field error on its field', async () => {
    withOrder();
    server.use(
      handle(updateOrderShippingAddress, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'Some fields need attention.',
          details: [{ field: 'body.city', message: 'No such city in North Carolina.' }],
        }),
      ),
    );
    const { user } = render(<AddressOfOrder />);
    await user.click(await screen.findByRole('button', { name: 'Edit the shipping address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the shipping address' });
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    const city = within(dialog).getByRole('textbox', { name: /City/ });
    await waitFor(() => expect(city.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('No such city in North Carolina.')).toBeTruthy();
    // The field holds the message: no alert repeats it above the form.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(city);
  });

  it('shows a refusal of the whole address above the form, and the order as it now is', async () => {
    server.use(
      handle(getStoreOrder, () => aStoreOrder(), { once: true }),
      // Sent meanwhile, from the fulfillment screen.
      handle(getStoreOrder, () => aStoreOrder({ fulfillmentState: 'PARTIAL' })),
      handle(listCountries, () => ({ items: [aCountry('US', 'United States')] })),
      handle(updateOrderShippingAddress, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'This order has been sent (in part or whole); its address can no longer change.',
          reason: 'order_fulfilled',
        }),
      ),
    );
    const { user } = render(<AddressOfOrder />);
    await user.click(await screen.findByRole('button', { name: 'Edit the shipping address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the shipping address' });
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'its address can no longer change',
    );
    expect(await screen.findByText('Sent orders keep their address.')).toBeTruthy();
  });

  it('checks the required parts with the contract before sending', async () => {
    withOrder();
    const { user } = render(<AddressOfOrder />);
    await user.click(await screen.findByRole('button', { name: 'Edit the shipping address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the shipping address' });
    await user.clear(within(dialog).getByRole('textbox', { name: /City/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    expect(await within(dialog).findByText('Give the city.')).toBeTruthy();
    expect(requestsTo('PUT', ADDRESS_PATH)).toHaveLength(0);
  });

  it('keeps the address of a sent order and says why', () => {
    render(
      <ShippingAddressEditor
        order={aStoreOrder({ fulfillmentState: 'FULFILLED' })}
        useCountries={useTestCountries}
      />,
    );
    const edit = screen.getByRole('button', { name: 'Edit the shipping address' });
    expect(edit.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Sent orders keep their address.')).toBeTruthy();
    expect(edit.getAttribute('aria-describedby')).toBe(
      screen.getByText('Sent orders keep their address.').id,
    );
  });
});
