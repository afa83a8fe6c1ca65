// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { PLATFORM_FEES, planCatalogue } from '@atelier/contract/billing/plans';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { PricingPage } from './pricing-page';

startMockServer();

const renderPricing = () =>
  renderAtRoute({ path: '/pricing', initialEntry: '/pricing', component: () => <PricingPage /> });

describe('PricingPage', () => {
  it('lists every platform fee in one table, as money or a percentage, with what it is per and the bill it is charged on', async () => {
    server.use(
      handle(billingEndpoints.plans, () => ({ plans: planCatalogue(), fees: PLATFORM_FEES })),
    );
    renderPricing();
    const table = await screen.findByRole('table', { name: 'Platform fees' });
    expect(screen.getByRole('heading', { name: 'No hidden fees' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(PLATFORM_FEES.length);
    const texts = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(texts).toContainEqual([
      'Card processing fee',
      '3%',
      'checkout of sourcing orders',
      'Sourcing order checkout',
    ]);
    expect(texts).toContainEqual([
      'Fulfillment per order, Professional',
      '$1.15',
      'order shipped',
      'Fulfillment bill',
    ]);
    expect(texts).toContainEqual([
      'Fulfillment cash back',
      '-1%',
      'fulfillment spend',
      'Fulfillment bill (a credit)',
    ]);
    expect(texts).toContainEqual([
      'SMS',
      '$0.02',
      'message (1,000 texts a month included)',
      'Monthly marketing bill',
    ]);
    expect(texts.map(([label]) => label)).toEqual(PLATFORM_FEES.map((fee) => fee.label));
  });

  it('shows every plan with its monthly and yearly price, seats, highlights and both names', async () => {
    server.use(
      handle(billingEndpoints.plans, () => ({
        // The server's configured prices are the ones shown.
        plans: planCatalogue({
          TIER_1: { MONTH: 0, YEAR: 0 },
          TIER_2: { MONTH: 3_900, YEAR: 39_000 },
          TIER_2_5: { MONTH: 9_900, YEAR: 99_000 },
          TIER_3: { MONTH: 19_900, YEAR: 199_000 },
        }),
        fees: PLATFORM_FEES,
      })),
    );
    renderPricing();
    const beginner = await screen.findByTestId('pricing-plan-TIER_2');
    expect(beginner.textContent).toContain('Beginner');
    expect(beginner.textContent).toContain('Also called Essentials');
    expect(beginner.textContent).toContain('$39.00 / month');
    expect(beginner.textContent).toContain('or $390.00 / year billed yearly');
    expect(beginner.textContent).toContain('1 seat included');

    const scaling = screen.getByTestId('pricing-plan-TIER_2_5');
    expect(scaling.textContent).toContain('Also called Business');
    expect(scaling.textContent).toContain('3 seats included; more at $15.00 a seat a month');
    expect(scaling.textContent).toContain('3 seats and team roles');

    const professional = screen.getByTestId('pricing-plan-TIER_3');
    expect(professional.textContent).toContain('Premium support');
    expect(professional.textContent).toContain('$1,990.00 / year');
    expect(screen.getByTestId('pricing-plan-TIER_1').textContent).toContain('Free every year');
  });
});
