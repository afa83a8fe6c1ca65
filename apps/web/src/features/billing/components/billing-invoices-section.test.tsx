// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { aBillingInvoice } from '@/testing/billing-overview-factories';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { BillingInvoicesSection } from './billing-invoices-section';

const { requestsTo } = startMockServer();

const paid = aBillingInvoice();
const open = aBillingInvoice({
  id: 'binv_2',
  number: 'ATL-000002',
  status: 'OPEN',
  total: 12_345,
  createdAt: '2026-04-01T00:00:00.000Z',
  periodStart: '2026-04-01T00:00:00.000Z',
  periodEnd: '2026-05-01T00:00:00.000Z',
});

const rowOf = (number: string) => {
  const row = screen.getByRole('cell', { name: number }).closest('tr');
  if (!row) throw new Error(`No row for ${number}`);
  return row;
};

describe('BillingInvoicesSection', () => {
  it('shows each invoice, a receipt only for a paid one and a retry for an open one', async () => {
    server.use(
      handle(billingEndpoints.invoices, () => ({ items: [open, paid], nextCursor: null })),
      handle(billingEndpoints.retryInvoice, () => ({ ...open, status: 'PAID' as const })),
    );
    const { user } = render(<BillingInvoicesSection canManage />);
    await screen.findByRole('table', { name: 'Invoices' });

    const paidRow = rowOf('ATL-000001');
    expect(paidRow.textContent).toContain('Mar 1, 2026 – Apr 1, 2026');
    expect(paidRow.textContent).toContain('$99.00');
    expect(within(paidRow).getByText('Paid')).toBeTruthy();
    expect(
      within(paidRow)
        .getByRole('link', { name: 'Receipt (PDF) of ATL-000001' })
        .getAttribute('href'),
    ).toBe('/api/web/billing/invoices/binv_1/receipt.pdf');
    expect(within(paidRow).queryByRole('button', { name: /Retry/ })).toBeNull();

    const openRow = rowOf('ATL-000002');
    expect(openRow.textContent).toContain('$123.45');
    expect(within(openRow).getByText('Open')).toBeTruthy();
    expect(within(openRow).queryByRole('link')).toBeNull();
    await user.click(within(openRow).getByRole('button', { name: 'Retry payment of ATL-000002' }));
    await waitFor(() =>
      expect(requestsTo('POST', '/api/web/billing/invoices/binv_2/retry')).toHaveLength(1),
    );
  });

  it('offers no retry to a member', async () => {
    server.use(handle(billingEndpoints.invoices, () => ({ items: [open], nextCursor: null })));
    render(<BillingInvoicesSection canManage={false} />);
    await screen.findByRole('table', { name: 'Invoices' });
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('says when there are no invoices yet', async () => {
    server.use(handle(billingEndpoints.invoices, () => ({ items: [], nextCursor: null })));
    render(<BillingInvoicesSection canManage />);
    expect(await screen.findByText(/No invoices yet/)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Invoice pages' })).toBeNull();
  });
});
