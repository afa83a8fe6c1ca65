// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listPartnerInvoices } from '@atelier/contract/orders/invoice';
import {
  listPartnerOrderItems,
  shipPartnerOrderItem,
} from '@atelier/contract/orders/order-item-api';
import { ORDERS_UPDATED_SOCKET_EVENT } from '@atelier/contract/orders/events';
import { handle } from '@/testing/handlers';
import { anInvoice, aPartnerOrderItem } from '@/testing/partner-order-factories';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { usePartnerInvoices } from '@/features/partner-orders/api/partner-invoice-queries';
import {
  usePartnerOrderItems,
  useShipPartnerOrderItem,
} from '@/features/partner-orders/api/partner-order-item-queries';
import { usePartnerOrdersRealtime } from './use-partner-orders-realtime';

/** A stand-in for socket.io's client socket: the test plays the server's events into it. */
const { FakeSocket, sockets } = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  class FakeSocket {
    connected = false;
    active = true;
    private handlers = new Map<string, Handler[]>();
    private anyHandlers: Handler[] = [];
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    onAny(handler: Handler) {
      this.anyHandlers.push(handler);
      return this;
    }
    removeAllListeners() {
      this.handlers.clear();
      this.anyHandlers = [];
      return this;
    }
    connect() {
      return this;
    }
    disconnect() {
      this.connected = false;
      return this;
    }
    emit() {
      return this;
    }
    timeout() {
      return { emitWithAck: () => Promise.resolve({ conversations: [] }) };
    }
    /** The server sends `event` (socket.io calls `onAny` listeners first). */
    receive(event: string, ...args: unknown[]) {
      if (event === 'connect') this.connected = true;
      if (event === 'disconnect') this.connected = false;
      const isReserved = ['connect', 'disconnect', 'connect_error'].includes(event);
      if (!isReserved) for (const handler of this.anyHandlers) handler(event, ...args);
      for (const handler of this.handlers.get(event) ?? []) handler(...args);
    }
  }
  return { FakeSocket, sockets: [] as InstanceType<typeof FakeSocket>[] };
});

vi.mock('socket.io-client', () => ({
  io: vi.fn(() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  }),
}));

const { requestsTo } = startMockServer();

/** The supplier's invoices and In production items, kept live. */
const LiveLists = () => {
  usePartnerOrdersRealtime();
  const invoices = usePartnerInvoices();
  const items = usePartnerOrderItems('IN_PRODUCTION');
  const ship = useShipPartnerOrderItem();
  return (
    <>
      <ul aria-label="Invoices">
        {invoices.data?.items.map((invoice) => (
          <li key={invoice.id}>
            {invoice.id} {invoice.status}
          </li>
        ))}
      </ul>
      <ul aria-label="Items">
        {items.data?.items.map((item) => (
          <li key={item.id}>
            {item.title} {item.status}
            {item.cancelRequestedAt ? ' cancel requested' : ''}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => ship.mutate({ itemId: 'coi_1', carrier: 'UPS', trackingNumber: '1Z999' })}
      >
        Ship
      </button>
    </>
  );
};

const ItemsOnly = () => {
  const items = usePartnerOrderItems('IN_PRODUCTION');
  return <p>{items.data?.items.map((item) => item.title).join(', ')}</p>;
};

const INVOICES_PATH = listPartnerInvoices.path;
const ITEMS_PATH = listPartnerOrderItems.path;

/** The lists as the server has them now (changed by each test). */
let invoices = [anInvoice()];
let items = [aPartnerOrderItem()];

const renderLive = async () => {
  const view = render(<LiveLists />);
  await screen.findByText('Merino beanie IN_PRODUCTION');
  await screen.findByText('inv_1 OPEN');
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  socket.receive('connect');
  return { ...view, socket };
};

beforeEach(() => {
  localStorage.setItem('atelier.partnerSessionToken', 'partner-token');
  invoices = [anInvoice()];
  items = [aPartnerOrderItem()];
  server.use(
    handle(listPartnerInvoices, () => ({ items: invoices })),
    handle(listPartnerOrderItems, () => ({ items })),
  );
});

afterEach(async () => {
  // The page is gone: the connection closes a second after its last user, before the next test.
  cleanup();
  await vi.waitFor(() => expect(sockets.every((socket) => !socket.connected)).toBe(true), {
    timeout: 3_000,
  });
  sockets.length = 0;
});

describe('usePartnerOrdersRealtime', () => {
  it('reads the invoices and orders again when a store pays, without reloading', async () => {
    const { socket } = await renderLive();
    expect(requestsTo('GET', INVOICES_PATH)).toHaveLength(1);
    expect(requestsTo('GET', ITEMS_PATH)).toHaveLength(1);

    invoices = [anInvoice({ status: 'PAID', paidAt: '2026-11-21T10:00:00.000Z' })];
    items = [aPartnerOrderItem(), aPartnerOrderItem({ id: 'coi_2', title: 'Wool scarf' })];
    socket.receive(ORDERS_UPDATED_SOCKET_EVENT, {
      itemIds: ['coi_1', 'coi_2'],
      invoiceId: null,
      status: 'IN_PRODUCTION',
    });
    socket.receive(ORDERS_UPDATED_SOCKET_EVENT, {
      itemIds: [],
      invoiceId: 'inv_1',
      status: 'PAID',
    });

    expect(await screen.findByText('inv_1 PAID')).toBeTruthy();
    expect(await screen.findByText('Wool scarf IN_PRODUCTION')).toBeTruthy();
    expect(requestsTo('GET', ITEMS_PATH).length).toBeGreaterThanOrEqual(2);
  });

  it("shows a store's cancel request as it arrives", async () => {
    const { socket } = await renderLive();
    items = [
      aPartnerOrderItem({
        cancelRequestedAt: '2026-11-24T09:00:00.000Z',
        cancelReason: 'Wrong colour.',
      }),
    ];
    socket.receive(ORDERS_UPDATED_SOCKET_EVENT, {
      itemIds: ['coi_1'],
      invoiceId: null,
      status: 'IN_PRODUCTION',
    });

    expect(await screen.findByText('Merino beanie IN_PRODUCTION cancel requested')).toBeTruthy();
  });

  it("does not reload the list for the echo of the supplier's own change (its row stays)", async () => {
    server.use(
      handle(shipPartnerOrderItem, ({ params, body }) =>
        aPartnerOrderItem({ id: params.id, status: 'SHIPPED', ...body }),
      ),
    );
    const { socket, user } = await renderLive();
    await user.click(screen.getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Merino beanie SHIPPED')).toBeTruthy();

    items = [];
    socket.receive(ORDERS_UPDATED_SOCKET_EVENT, {
      itemIds: ['coi_1'],
      invoiceId: null,
      status: 'SHIPPED',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(requestsTo('GET', ITEMS_PATH)).toHaveLength(1);
    expect(screen.getByText('Merino beanie SHIPPED')).toBeTruthy();
  });

  it('reads the lists again after the socket reconnects (events were missed meanwhile)', async () => {
    const { socket } = await renderLive();
    socket.receive('disconnect', 'transport close');
    invoices = [anInvoice({ status: 'VOIDED' })];
    socket.receive('connect');

    expect(await screen.findByText('inv_1 VOIDED')).toBeTruthy();
    expect(requestsTo('GET', INVOICES_PATH)).toHaveLength(2);
  });

  it('stops listening when the page is gone', async () => {
    const { socket, unmount, queryClient } = await renderLive();
    unmount();
    // Another screen still shows the items, without the live updates.
    render(<ItemsOnly />, { queryClient });
    await screen.findByText('Merino beanie');
    socket.receive(ORDERS_UPDATED_SOCKET_EVENT, {
      itemIds: ['coi_1'],
      invoiceId: null,
      status: 'CANCELED',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(requestsTo('GET', ITEMS_PATH)).toHaveLength(1);
  });
});
