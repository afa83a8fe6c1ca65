// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import { RECEIVING_STATUSES, type ReceivingSummary } from '@atelier/contract/fulfillment/receiving';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ReceivingList } from './receiving-list';
import { RECEIVING_STATUS_FILTERS, validateReceivingsSearch } from './search-params';

const { requestsTo } = startMockServer();

const aSummary = (overrides: Partial<ReceivingSummary> = {}): ReceivingSummary => ({
  id: 'rcv_1',
  sn: 'RCV-000001',
  status: 'IN_TRANSIT',
  source: 'INTAKE',
  warehouseId: 'whs_north_carolina',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  expectedArrivalDate: '2026-12-01',
  itemCount: 2,
  expectedUnits: 30,
  receivedUnits: null,
  createdAt: '2026-11-26T15:00:00.000Z',
  receivedAt: null,
  ...overrides,
});

/** The list on /receivings as the page wires it: the status lives in the address. */
const ListAtItsAddress = () => {
  const { status } = useSearch({ strict: false });
  const navigate = useNavigate();
  return (
    <ReceivingList
      status={validateReceivingsSearch({ status }).status}
      onStatusChange={(next) => void navigate({ to: '/receivings', search: { status: next } })}
    />
  );
};

const renderList = (initialEntry = '/receivings') =>
  renderAtRoute({
    path: '/receivings',
    initialEntry,
    validateSearch: validateReceivingsSearch,
    component: () => <ListAtItsAddress />,
  });

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('ReceivingList', () => {
  it('filters by the status in the address, pages with Load more, and opens a receiving', async () => {
    server.use(
      handle(api.listReceivings, ({ query }) => {
        if (query.status === 'RECEIVED') {
          return {
            items: [
              aSummary({
                id: 'rcv_9',
                sn: 'RCV-000009',
                status: 'RECEIVED',
                source: 'SOURCING_ORDER',
                expectedArrivalDate: null,
                receivedUnits: 27,
                receivedAt: '2026-11-27T15:00:00.000Z',
              }),
            ],
            nextCursor: null,
          };
        }
        return query.cursor === 'page-2'
          ? {
              items: [aSummary({ id: 'rcv_2', sn: 'RCV-000002', status: 'NEEDS_MAPPING' })],
              nextCursor: null,
            }
          : { items: [aSummary()], nextCursor: 'page-2' };
      }),
    );
    const { user, router } = renderList();

    const first = await screen.findByTestId('receiving-RCV-000001');
    expect(cellsOf(first)).toEqual([
      'RCV-000001Bought elsewhere',
      'In transit',
      'UPS1Z999AA10123456784',
      'Dec 1, 2026',
      '2',
      '30 expected',
      'Nov 26, 2026',
    ]);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('receiving-RCV-000002')).toBeTruthy();
    expect(requestsTo('GET', api.listReceivings.path).at(-1)?.query.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Received' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'RECEIVED' }));
    const received = await screen.findByTestId('receiving-RCV-000009');
    expect(cellsOf(received)).toEqual([
      'RCV-000009Sourcing order',
      'Received',
      'UPS1Z999AA10123456784',
      '—',
      '2',
      '27 of 30',
      'Nov 26, 2026',
    ]);
    expect(screen.queryByTestId('receiving-RCV-000001')).toBeNull();
    expect(requestsTo('GET', api.listReceivings.path).at(-1)?.query.get('status')).toBe('RECEIVED');

    // A click anywhere on the row opens the receiving.
    await user.click(within(received).getByText('27 of 30'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/receivings/RCV-000009/details'),
    );
  });

  it('reads the status from the address, and All shows every status again', async () => {
    server.use(
      handle(api.listReceivings, ({ query }) => ({
        items: [aSummary({ status: query.status ?? 'IN_TRANSIT' })],
        nextCursor: null,
      })),
    );
    const { user, router } = renderList('/receivings?status=NEEDS_MAPPING');
    expect(await screen.findByRole('tab', { name: 'Needs Mapping', selected: true })).toBeTruthy();
    await screen.findByTestId('receiving-RCV-000001');
    expect(requestsTo('GET', api.listReceivings.path)[0]?.query.get('status')).toBe(
      'NEEDS_MAPPING',
    );

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() =>
      expect(requestsTo('GET', api.listReceivings.path).at(-1)?.query.has('status')).toBe(false),
    );
  });

  it('says there are no receivings yet and offers a new one', async () => {
    server.use(handle(api.listReceivings, () => ({ items: [], nextCursor: null })));
    const { user, router } = renderList();
    const empty = await screen.findByTestId('no-receivings');
    expect(within(empty).getByText('No receivings yet')).toBeTruthy();
    await user.click(within(empty).getByRole('link', { name: 'New receiving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/receivings/new'));
  });

  it('says when no receiving has the chosen status', async () => {
    server.use(handle(api.listReceivings, () => ({ items: [], nextCursor: null })));
    renderList('/receivings?status=CANCELED');
    expect(await screen.findByText('No receivings are “Canceled”')).toBeTruthy();
  });

  it('shows a loading state until the first page arrives', async () => {
    server.use(
      handle(api.listReceivings, () => ({ items: [aSummary()], nextCursor: null }), {
        delayMs: 200,
      }),
    );
    renderList();
    expect(await screen.findByLabelText('Loading the receivings')).toBeTruthy();
    expect(await screen.findByTestId('receiving-RCV-000001')).toBeTruthy();
  });

  it('filters by exactly the contract’s statuses', () => {
    expect(RECEIVING_STATUS_FILTERS).toEqual(RECEIVING_STATUSES);
    expect(validateReceivingsSearch({ status: 'SHIPPED' })).toEqual({ status: undefined });
  });
});
