// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { analyticsEndpoints } from '@atelier/contract/analytics/analytics-api';
import { aShare, aViewResult } from '@/testing/analytics-factories';
import { errorResponse, handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ShareReportPage } from './share-report-page';

vi.mock('@/features/analytics/components/echarts-canvas', () => ({
  EChartsCanvas: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const { requestsTo, received } = startMockServer();

const renderShare = (id = 'shr_1') =>
  renderAtRoute({
    path: '/share-report/$id',
    initialEntry: `/share-report/${id}`,
    component: () => <ShareReportPage />,
  });

describe('ShareReportPage', () => {
  it('shows the snapshot read-only to someone logged out, and asks for nothing else', async () => {
    server.use(
      handle(analyticsEndpoints.publicShare, () => ({
        share: aShare(),
        storeTitle: 'Linen & Co',
        result: aViewResult(),
      })),
    );
    renderShare();
    expect(await screen.findByRole('heading', { name: 'Orders overview' })).toBeTruthy();
    expect(screen.getByText('Linen & Co')).toBeTruthy();
    expect(screen.getByText(/^Jan 1\s–\sMar 31, 2025, compared with/)).toBeTruthy();
    const revenue = screen.getByTestId('figure-revenue');
    expect(revenue.textContent).toContain('$1,250.00');
    expect(within(revenue).getByTestId('figure-change').textContent).toBe('+25%');
    expect(screen.getByRole('table', { name: 'Discount codes' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Revenue by month/ })).toBeTruthy();

    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    const [request] = requestsTo('GET', '/api/public/analytics/shares/shr_1');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(received.map((call) => call.path)).toEqual(['/api/public/analytics/shares/shr_1']);
  });

  it('says a link that is unknown or revoked leads nowhere', async () => {
    server.use(
      handle(analyticsEndpoints.publicShare, () =>
        errorResponse(404, { code: 'not_found', message: 'Not found.' }),
      ),
    );
    renderShare('shr_gone');
    expect(
      await screen.findByText('This report was not found or is no longer shared'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the server’s reason when the shared view had nothing to show', async () => {
    server.use(
      handle(analyticsEndpoints.publicShare, () => ({
        share: aShare(),
        storeTitle: 'Linen & Co',
        result: aViewResult({
          empty: 'The store has one customer.',
          figures: [],
          charts: [],
          tables: [],
        }),
      })),
    );
    renderShare();
    expect((await screen.findByTestId('analytics-empty')).textContent).toContain(
      'The store has one customer.',
    );
  });
});
