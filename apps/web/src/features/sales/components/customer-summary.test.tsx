// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getStoreCustomer, type StoreCustomer } from '@atelier/contract/sales/customer';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { CustomerSummary } from './customer-summary';

startMockServer();

const ana: StoreCustomer = {
  id: 'cus_ana',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Buyer',
  phone: null,
  externalId: '17850',
  countryCode: 'GB',
  acceptsMarketing: true,
  orderCount: 3,
  totalSpent: { amount: 11_546, currencyCode: 'GBP' },
  firstOrderAt: '2010-12-01T08:26:00.000Z',
  lastOrderAt: '2011-02-10T14:38:00.000Z',
  tags: ['wholesale'],
  createdAt: '2010-12-01T08:26:00.000Z',
  defaultAddress: {
    name: 'Ana Buyer',
    company: null,
    line1: '1 Market Street',
    line2: null,
    city: 'Leeds',
    stateCode: null,
    postalCode: 'LS1 1AA',
    countryCode: 'GB',
    phone: null,
  },
  marketingConsentAt: '2010-12-01T08:26:00.000Z',
  marketingConsentSource: 'import:shopify-orders',
};

describe('CustomerSummary', () => {
  it('shows the customer with the figures their orders give', async () => {
    server.use(handle(getStoreCustomer, () => ana));
    render(<CustomerSummary customerId="cus_ana" onClear={() => undefined} />);
    const card = await screen.findByLabelText('Customer Ana Buyer');
    expect(card.textContent).toContain('ana@example.com · id 17850');
    // Consent with when and where it was given, and the address.
    expect(card.textContent).toContain(
      'Accepts marketing since Dec 1, 2010 (import:shopify-orders)',
    );
    expect(card.textContent).toContain('1 Market Street, Leeds LS1 1AA, United Kingdom');
    expect(card.textContent).toContain('Orders3');
    expect(card.textContent).toMatch(/GBP\s115\.46/);
    expect(card.textContent).toContain('Dec 1, 2010');
    expect(card.textContent).toContain('Feb 10, 2011');
  });

  it('says when the customer is not in this store, and offers every order', async () => {
    server.use(
      handle(getStoreCustomer, () =>
        HttpResponse.json(
          {
            error: {
              code: 'not_found',
              message: 'There is no such customer in this store.',
              reason: 'customer_not_found',
              requestId: 'r1',
            },
          },
          { status: 404 },
        ),
      ),
    );
    const onClear = vi.fn();
    render(<CustomerSummary customerId="cus_other" onClear={onClear} />);
    await screen.findByText('There is no such customer in this store');
    await userEvent.click(screen.getByRole('button', { name: 'Show every order' }));
    expect(onClear).toHaveBeenCalled();
  });
});
