// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listInvoices, paymentConfig } from '@atelier/contract/orders/invoice';
import { ORDERS_UPDATED_SOCKET_EVENT } from '@atelier/contract/orders/events';
import { listOrderItems } from '@atelier/contract/orders/order-item-api';
import { useInvoices } from '@/features/orders/api/invoice-queries';
import { useOrderItems } from '@/features/orders/api/order-item-queries';
import { usePaymentConfig } from '@/features/orders/api/payment-queries';
import { handle } from '@/testing/handlers';
import { anInvoice, anOrderItem } from '@/testing/order-factories';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { useStoreOrdersRealtime } from './use-store-orders-realtime';

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

/** The store's invoices and order items, kept live. */
const LiveLists = () => {
  useStoreOrdersRealtime();
  const invoices = useInvoices();
  const items = useOrderItems('ALL');
  const config = usePaymentConfig();
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
            {item.refundedAmount > 0 ? ` refunded ${item.refundedAmount}` : ''}
          </li>
        ))}
      </ul>
      <p>{config.data ? `Paid through ${config.data.provider}` : null}</p>
    </>
  );
};

const ItemsOnly = () => {
  const items = useOrderItems('ALL');
  return <p>{items.data?.items.map((item) => item.title).join(', ')}</p>;
};

const INVOICES_PATH = listInvoices.path;
const ITEMS_PATH = listOrderItems.path;

const inProduction = anOrderItem({ status: 'IN_PRODUCTION', paymentId: 'pay_1' });

/** The lists as the server has them now (changed by each test). */
let invoices = [anInvoice({ status: 'PAID', paidAt: '2026-03-02T10:00:00.000Z' })];
let items = [inProduction];

const renderLive = async () => {
  const view = render(<LiveLists />);
  await screen.findByText('Heavyweight tee, black IN_PRODUCTION');
  await screen.findByText('inv_1 PAID');
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  socket.receive('connect');
  return { ...view, socket };
};

beforeEach(() => {
  localStorage.setItem('atelier.sessionToken', 'store-token');
  invoices = [anInvoice({ status: 'PAID', paidAt: '2026-03-02T10:00:00.000Z' })];
  items = [inProduction];
  server.use(
    handle(listInvoices, () => ({
      items: invoices,
      openCount: invoices.filter((invoice) => invoice.status === 'OPEN').length,
    })),
    handle(listOrderItems, () => ({ items })),
    handle(paymentConfig, () => ({
      provider: 'local' as const,
      publishableKey: null,
      testCards: [],
    })),
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

describe('useStoreOrdersRealtime', () => {
  it("shows a supplier's new invoice without reloading", async () => {
    const { socket } = await renderLive();
    expect(requestsTo('GET', INVOICES_PATH)).toHaveLength(1);

    invoices = [anInvoice({ id: 'inv_2', status: 'OPEN' }), ...invoices];
    socket.receive(ORDERS_UPDATED_SOCKET_EVENT, {
      itemIds: [],
      invoiceId: 'inv_2',
      status: 'OPEN',
    });

    expect(await screen.findByText('inv_2 OPEN')).toBeTruthy();
    expect(requestsTo('GET', INVOICES_PATH).length).toBeGreaterThanOrEqual(2);
  });

  it("shows a supplier's shipment and answer to a cancel request as they come", async () => {
    const { socket } = await renderLive();
    items = [
      { ...inProduction, status: 'SHIPPED', trackingNumber: '1Z999', carrier: 'UPS' },
      anOrderItem({ id: 'coi_2', title: 'Wool scarf', status: 'CANCELED', refundedAmount: 4_500 }),
    ];
    socket.receive(ORDERS_UPDATED_SOCKET_EVENT, {
      itemIds: ['coi_1'],
      invoiceId: null,
      status: 'SHIPPED',
    });

    expect(await screen.findByText('Heavyweight tee, black SHIPPED')).toBeTruthy();
    expect(screen.getByText('Wool scarf CANCELED refunded 4500')).toBeTruthy();
  });

  it("does not read the payment provider's settings again", async () => {
    const { socket } = await renderLive();
    await screen.findByText('Paid through local');
    socket.receive(ORDERS_UPDATED_SOCKET_EVENT, {
      itemIds: ['coi_1'],
      invoiceId: null,
      status: 'SHIPPED',
    });
    await waitFor(() => expect(requestsTo('GET', ITEMS_PATH)).toHaveLength(2));

    expect(requestsTo('GET', paymentConfig.path)).toHaveLength(1);
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
    await screen.findByText('Heavyweight tee, black');
    socket.receive(ORDERS_UPDATED_SOCKET_EVENT, {
      itemIds: ['coi_1'],
      invoiceId: null,
      status: 'CANCELED',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(requestsTo('GET', ITEMS_PATH)).toHaveLength(1);
  });
});
