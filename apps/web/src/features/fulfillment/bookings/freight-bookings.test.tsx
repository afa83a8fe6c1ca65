// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  fulfillmentBookingEndpoints as api,
  type FreightBooking,
} from '@atelier/contract/fulfillment/bookings';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { FreightBookingForm } from './freight-booking-form';
import { FreightBookingsView } from './freight-bookings-view';

const { requestsTo } = startMockServer();

const geography = {
  useCountries: () => ({
    data: {
      items: [
        { code: 'US', name: 'United States of America' },
        { code: 'CA', name: 'Canada' },
      ],
    },
  }),
  useStatesOfCountry: (code: string | null) => ({
    data: {
      items:
        code === 'US'
          ? [
              { code: 'CA', name: 'California' },
              { code: 'NC', name: 'North Carolina' },
            ]
          : [],
    },
  }),
};

const aBooking = (overrides: Partial<FreightBooking> = {}): FreightBooking => ({
  id: 'frt_1',
  sn: 'FRT-000001',
  status: 'REQUESTED',
  origin: {
    name: 'Dana Lee',
    email: null,
    company: null,
    addressLine1: '500 Industrial Way',
    addressLine2: null,
    city: 'Fresno',
    state: null,
    stateCode: 'CA',
    zipCode: '93721',
    phone: null,
    country: 'United States of America',
    countryCode: 'US',
  },
  pickupReadyDate: '2030-01-15',
  mode: 'LTL',
  handlingUnit: 'PALLET',
  unitCount: 2,
  weight: 1200,
  weightUnit: 'lb',
  weightG: 544_311,
  length: 48,
  width: 40,
  height: 50,
  dimensionUnit: 'in',
  commodity: 'Stoneware mugs',
  receivingSn: null,
  notes: null,
  quote: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  canceledAt: null,
  ...overrides,
});

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

const fillTheForm = async (user: ReturnType<typeof render>['user']) => {
  await user.type(textbox(/^Name/), 'Dana Lee');
  await user.type(textbox(/Address line 1/), '500 Industrial Way');
  await user.type(textbox(/^City/), 'Fresno');
  await user.click(screen.getAllByLabelText(/^State/)[0]!);
  await user.click(await screen.findByRole('option', { name: /California/, hidden: true }));
  await user.type(textbox(/ZIP/), '93721');
  fireEvent.change(screen.getByLabelText(/Ready for pickup on/), {
    target: { value: '2030-01-15' },
  });
  await user.click(screen.getAllByLabelText(/^Mode/)[0]!);
  await user.click(
    await screen.findByRole('option', { name: /less than truckload/, hidden: true }),
  );
  await user.type(textbox(/Number of pallets/), '2');
  await user.type(textbox(/Total weight/), '1200');
  await user.type(textbox(/^Length/), '48');
  await user.type(textbox(/^Width/), '40');
  await user.type(textbox(/^Height/), '50');
  await user.type(textbox(/What are the goods/), 'Stoneware mugs');
};

describe('FreightBookingForm', () => {
  it('books a freight shipment with the origin, the pickup day, the mode and the goods', async () => {
    server.use(handle(api.createFreightBooking, () => aBooking()));
    const onCreated = vi.fn();
    const { user } = render(<FreightBookingForm geography={geography} onCreated={onCreated} />);

    await fillTheForm(user);
    await user.type(textbox(/Receiving/), 'RCV-000012');
    await user.click(screen.getByRole('button', { name: 'Request freight booking' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(requestsTo('POST', api.createFreightBooking.path)[0]?.body).toEqual({
      origin: {
        name: 'Dana Lee',
        email: null,
        company: null,
        addressLine1: '500 Industrial Way',
        addressLine2: null,
        city: 'Fresno',
        state: null,
        stateCode: 'CA',
        zipCode: '93721',
        phone: null,
        country: 'United States of America',
        countryCode: 'US',
      },
      pickupReadyDate: '2030-01-15',
      mode: 'LTL',
      handlingUnit: 'PALLET',
      unitCount: 2,
      weight: 1200,
      weightUnit: 'lb',
      length: 48,
      width: 40,
      height: 50,
      dimensionUnit: 'in',
      commodity: 'Stoneware mugs',
      receivingSn: 'RCV-000012',
    });
  }, 20_000);

  it('says on each field what is missing, and sends nothing', async () => {
    const { user } = render(<FreightBookingForm geography={geography} onCreated={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Request freight booking' }));

    expect(await screen.findByText('Enter the name.')).toBeTruthy();
    expect(screen.getByText('Choose the day the goods are ready.')).toBeTruthy();
    expect(screen.getByText('Choose how the goods travel.')).toBeTruthy();
    expect(screen.getByText('Say what the goods are.')).toBeTruthy();
    expect(screen.getByText('Enter the total weight.')).toBeTruthy();
    expect(requestsTo('POST', api.createFreightBooking.path)).toHaveLength(0);
  });

  it('shows the server’s refusal on its field (an unknown state, a pickup day in the past)', async () => {
    server.use(
      handle(api.createFreightBooking, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'Choose today or a later day.',
          details: [
            { field: 'origin.zipCode', message: '93721X is not a ZIP code of the United States.' },
            { field: 'pickupReadyDate', message: 'Choose today or a later day.' },
          ],
        }),
      ),
    );
    const onCreated = vi.fn();
    const { user } = render(<FreightBookingForm geography={geography} onCreated={onCreated} />);
    await fillTheForm(user);
    await user.click(screen.getByRole('button', { name: 'Request freight booking' }));

    expect(await screen.findByText('93721X is not a ZIP code of the United States.')).toBeTruthy();
    expect(screen.getByText('Choose today or a later day.')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  }, 20_000);
});

/** The view with its `?sn=` held as the page holds it. */
const View = ({ initialSn }: { initialSn?: string }) => {
  const [sn, setSn] = useState(initialSn);
  return <FreightBookingsView geography={geography} openSn={sn} onOpenSnChange={setSn} />;
};

describe('FreightBookingsView', () => {
  it('says when nothing is booked, and opens the form from the empty state', async () => {
    server.use(handle(api.listFreightBookings, () => ({ items: [], nextCursor: null })));
    const { user } = render(<View />);
    const empty = await screen.findByTestId('no-freight-bookings');
    expect(within(empty).getByText('No freight shipments booked yet')).toBeTruthy();
    await user.click(within(empty).getByRole('button', { name: 'Book a freight shipment' }));
    expect(screen.getByRole('form', { name: 'Book a freight shipment' })).toBeTruthy();
  });

  it('lists bookings with Load more, opens one and cancels it after a confirmation', async () => {
    server.use(
      handle(api.listFreightBookings, ({ query }) =>
        query.cursor
          ? { items: [aBooking({ id: 'frt_0', sn: 'FRT-000000', mode: 'AIR' })], nextCursor: null }
          : { items: [aBooking()], nextCursor: '1' },
      ),
      handle(api.getFreightBooking, () => aBooking({ receivingSn: 'RCV-000012' })),
      handle(api.cancelFreightBooking, () =>
        aBooking({ status: 'CANCELED', canceledAt: '2026-11-28T11:00:00.000Z' }),
      ),
    );
    const { user } = render(<View />);
    expect(await screen.findByTestId('freight-FRT-000001')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('freight-FRT-000000')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'FRT-000001' }));
    const details = await screen.findByRole('dialog', { name: 'Freight booking FRT-000001' });
    expect(within(details).getByText('1,200 lb')).toBeTruthy();
    expect(within(details).getByText('48 × 40 × 50 in')).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'RCV-000012' })).toBeTruthy();
    await user.click(within(details).getByRole('button', { name: 'Cancel booking' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel FRT-000001?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(
        requestsTo('POST', '/api/web/fulfillment/freight-bookings/FRT-000001/cancel'),
      ).toHaveLength(1),
    );
  });

  it('opens a booking linked by its number, and says when there is none', async () => {
    server.use(
      handle(api.listFreightBookings, () => ({ items: [], nextCursor: null })),
      handle(api.getFreightBooking, ({ params }) =>
        params.sn === 'FRT-000009'
          ? aBooking({ sn: 'FRT-000009', status: 'BOOKED' })
          : errorResponse(404, {
              code: 'not_found',
              reason: 'freight_booking_not_found',
              message: 'No freight booking of this store has this number.',
            }),
      ),
    );
    render(<View initialSn="FRT-000009" />);
    const details = await screen.findByRole('dialog', { name: 'Freight booking FRT-000009' });
    expect(await within(details).findByText('Booked')).toBeTruthy();
    // Booked: no longer the store's to cancel.
    expect(within(details).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('says when a linked booking is not the store’s', async () => {
    server.use(
      handle(api.listFreightBookings, () => ({ items: [], nextCursor: null })),
      handle(api.getFreightBooking, () =>
        errorResponse(404, {
          code: 'not_found',
          reason: 'freight_booking_not_found',
          message: 'No freight booking of this store has this number.',
        }),
      ),
    );
    render(<View initialSn="FRT-000404" />);
    expect(
      await screen.findByText('No freight booking of your store has this number.'),
    ).toBeTruthy();
  });
});
