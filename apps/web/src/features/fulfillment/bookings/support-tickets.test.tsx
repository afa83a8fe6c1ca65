// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fulfillmentBookingEndpoints as api,
  type SupportTicket,
} from '@atelier/contract/fulfillment/bookings';
import { listStoreOrders, type StoreOrderSummary } from '@atelier/contract/sales/order';
import { ORDER_TABS } from '@atelier/contract/sales/order-values';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { SupportTicketsView } from './support-tickets-view';

const { requestsTo } = startMockServer();

const anOrder = (overrides: Partial<StoreOrderSummary> = {}): StoreOrderSummary => ({
  id: 'ord_1001',
  number: 1001,
  name: '#1001',
  origin: 'MANUAL_RETAIL',
  externalId: null,
  placedAt: '2026-11-20T10:00:00.000Z',
  timeZone: 'America/New_York',
  currencyCode: 'USD',
  total: { amount: 4_000, currencyCode: 'USD' },
  customer: {
    id: 'cus_1',
    externalId: null,
    email: 'jane.doe@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
  },
  productionStatus: 'FINISHED',
  cancelState: 'NONE',
  fulfillmentState: 'FULFILLED',
  financialStatus: 'PAID',
  itemCount: 1,
  tags: [],
  ...overrides,
});
const counts = Object.fromEntries(ORDER_TABS.map((tab) => [tab, 0])) as Record<
  (typeof ORDER_TABS)[number],
  number
>;

const aTicket = (overrides: Partial<SupportTicket> = {}): SupportTicket => ({
  id: 'tkt_1',
  sn: 'TKT-000001',
  status: 'OPEN',
  category: 'LOST_DELAYED',
  orderId: 'ord_1001',
  orderName: '#1001',
  shipmentSn: null,
  message: 'Not delivered yet.',
  answer: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  closedAt: null,
  ...overrides,
});

const openTheForm = async (user: ReturnType<typeof render>['user']) => {
  const empty = await screen.findByTestId('no-tickets');
  await user.click(within(empty).getByRole('button', { name: 'Open a ticket' }));
  await user.click(screen.getAllByLabelText(/^Order/)[0]!);
  await user.keyboard('1001');
  await user.click(await screen.findByRole('option', { name: /#1001/, hidden: true }));
  await user.click(screen.getAllByLabelText(/^Category/)[0]!);
  await user.click(await screen.findByRole('option', { name: 'Carrier Issues', hidden: true }));
  await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Not delivered yet.');
};

describe('SupportTicketsView', () => {
  it('opens a ticket about an order found by its number, in a §3 category', async () => {
    let tickets: SupportTicket[] = [];
    server.use(
      handle(api.listSupportTickets, () => ({ items: tickets, nextCursor: null })),
      handle(listStoreOrders, ({ query }) => ({
        items: query.search ? [anOrder()] : [],
        nextCursor: null,
        counts,
      })),
      handle(api.openSupportTicket, () => {
        tickets = [aTicket()];
        return tickets[0]!;
      }),
    );
    const { user } = render(<SupportTicketsView />);
    await openTheForm(user);
    await user.type(screen.getByRole('textbox', { name: /Shipment/ }), 'SHP-000004');
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));

    expect(await screen.findByTestId('ticket-TKT-000001')).toBeTruthy();
    expect(screen.getByText(/Carrier Issues · Order #1001/)).toBeTruthy();
    expect(requestsTo('POST', api.openSupportTicket.path)[0]?.body).toEqual({
      orderId: 'ord_1001',
      category: 'LOST_DELAYED',
      message: 'Not delivered yet.',
      shipmentSn: 'SHP-000004',
    });
  }, 20_000);

  it('shows why a ticket is refused after the 30-day window, on the order', async () => {
    server.use(
      handle(api.listSupportTickets, () => ({ items: [], nextCursor: null })),
      handle(listStoreOrders, () => ({ items: [anOrder()], nextCursor: null, counts })),
      handle(api.openSupportTicket, () =>
        errorResponse(400, {
          code: 'bad_request',
          reason: 'support_ticket_window_closed',
          message: 'Closed.',
          details: [
            {
              field: 'orderId',
              message:
                'Tickets about order #1001 can be opened for 30 days after it shipped on 2026-09-01; that window closed on 2026-10-01.',
            },
          ],
        }),
      ),
    );
    const { user } = render(<SupportTicketsView />);
    await openTheForm(user);
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    expect(await screen.findByText(/that window closed on 2026-10-01/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Open a support ticket' })).toBeTruthy();
  }, 20_000);

  it('asks for the order, the category and the message before sending', async () => {
    server.use(
      handle(api.listSupportTickets, () => ({ items: [], nextCursor: null })),
      handle(listStoreOrders, () => ({ items: [], nextCursor: null, counts })),
    );
    const { user } = render(<SupportTicketsView />);
    await user.click(
      within(await screen.findByTestId('no-tickets')).getByRole('button', {
        name: 'Open a ticket',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    expect(await screen.findByText('Choose the order.')).toBeTruthy();
    expect(screen.getByText('Choose what it is about.')).toBeTruthy();
    expect(screen.getByText('Say what happened.')).toBeTruthy();
    expect(requestsTo('POST', api.openSupportTicket.path)).toHaveLength(0);
  });

  it('closes a ticket after a confirmation', async () => {
    server.use(
      handle(api.listSupportTickets, () => ({ items: [aTicket()], nextCursor: null })),
      handle(api.closeSupportTicket, () =>
        aTicket({ status: 'CLOSED', closedAt: '2026-11-28T12:00:00.000Z' }),
      ),
    );
    const { user } = render(<SupportTicketsView />);
    const card = await screen.findByTestId('ticket-TKT-000001');
    await user.click(within(card).getByRole('button', { name: 'Close ticket' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close TKT-000001?' });
    await user.click(within(confirm).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() =>
      expect(
        requestsTo('POST', '/api/web/fulfillment/support-tickets/TKT-000001/close'),
      ).toHaveLength(1),
    );
  });
});
