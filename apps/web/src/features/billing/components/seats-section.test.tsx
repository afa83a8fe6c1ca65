// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { aBillingOverview, aSubscription } from '@/testing/billing-overview-factories';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { SeatsSection } from './seats-section';

const { requestsTo } = startMockServer();

describe('SeatsSection', () => {
  it('shows the seats and changes the additional ones on Scaling', async () => {
    server.use(
      handle(billingEndpoints.overview, () => aBillingOverview()),
      handle(billingEndpoints.seats, ({ body }) => ({
        subscription: aSubscription({ additionalSeats: body.additionalSeats }),
        invoice: null,
      })),
    );
    const { user } = render(<SeatsSection canManage />);
    const region = await screen.findByRole('region', { name: 'Seats' });
    await waitFor(() => expect(region.textContent).toContain('Included in the plan3 seats'));
    expect(region.textContent).toContain('Additional0 seats');
    expect(region.textContent).toContain('In use2 seats');
    expect(region.textContent).toContain('$15.00 per seat a month');

    const input = screen.getByRole('textbox', { name: 'Additional seats' });
    await user.clear(input);
    await user.type(input, '2');
    await user.click(screen.getByRole('button', { name: 'Save seats' }));
    await waitFor(() =>
      expect(requestsTo('PUT', billingEndpoints.seats.path)[0]?.body).toEqual({
        additionalSeats: 2,
      }),
    );
  });

  it('shows why the seats were not changed', async () => {
    server.use(
      handle(billingEndpoints.overview, () =>
        aBillingOverview({ seats: { included: 3, additional: 2, inUse: 5 } }),
      ),
      handle(billingEndpoints.seats, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'Remove team members first: 5 seats are in use.',
          reason: 'seats_in_use',
        }),
      ),
    );
    const { user } = render(<SeatsSection canManage />);
    const input = await screen.findByRole('textbox', { name: 'Additional seats' });
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Save seats' }));
    expect(await screen.findByText('Remove team members first: 5 seats are in use.')).toBeTruthy();
  });

  it('has no seats to add on Beginner', async () => {
    server.use(
      handle(billingEndpoints.overview, () =>
        aBillingOverview({
          planType: 'TIER_2',
          subscription: aSubscription({ planType: 'TIER_2' }),
          seats: { included: 1, additional: 0, inUse: 1 },
        }),
      ),
    );
    render(<SeatsSection canManage />);
    expect(await screen.findByText(/Beginner has no team seats to add/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Additional seats' })).toBeNull();
  });
});
