import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { figuresOf, type ShippedOrder } from './metrics';

const at = (iso: string) => new Date(iso);

describe('fulfillment metrics figures', () => {
  it('counts on time by the ship-by time, hours to ship, accuracy and cost per order', () => {
    const orders: ShippedOrder[] = [
      // Monday 11:00 New York, shipped Tuesday 10:00: on time, 23 h.
      {
        placedAt: at('2026-11-23T16:00:00Z'),
        firstShippedAt: at('2026-11-24T15:00:00Z'),
        costCents: 720,
      },
      // Monday 11:00, shipped Thursday: late, 72 h.
      {
        placedAt: at('2026-11-23T16:00:00Z'),
        firstShippedAt: at('2026-11-26T16:00:00Z'),
        costCents: 721,
      },
    ];
    const figures = figuresOf(orders, [
      { createdAt: at('2026-11-24T15:00:00Z'), isRecreated: true },
      { createdAt: at('2026-11-26T16:00:00Z'), isRecreated: false },
      { createdAt: at('2026-11-26T17:00:00Z'), isRecreated: false },
    ]);
    expect(figures).toEqual({
      ordersShipped: 2,
      shippedOnTime: 1,
      onTimeRate: 0.5,
      averageHoursToShip: 47.5,
      shipments: 3,
      recreated: 1,
      accuracy: 2 / 3,
      // 1441 / 2 = 720.5 → 721 (half up).
      costPerOrderCents: 721,
    });
  });

  it('has no rates without orders or shipments', () => {
    expect(figuresOf([], [])).toMatchObject({
      onTimeRate: null,
      averageHoursToShip: null,
      accuracy: null,
      costPerOrderCents: null,
    });
  });

  it('rates stay between 0 and 1 and cost per order within the orders’ costs', () => {
    const order = fc
      .record({
        placedAt: fc.date({ min: at('2025-01-01'), max: at('2027-01-01'), noInvalidDate: true }),
        delayMs: fc.integer({ min: 0, max: 10 * 86_400_000 }),
        costCents: fc.integer({ min: 0, max: 100_000 }),
      })
      .map(({ placedAt, delayMs, costCents }) => ({
        placedAt,
        firstShippedAt: new Date(placedAt.getTime() + delayMs),
        costCents,
      }));
    fc.assert(
      fc.property(
        fc.array(order, { minLength: 1, maxLength: 30 }),
        fc.array(fc.boolean()),
        (orders, recreated) => {
          const figures = figuresOf(
            orders,
            recreated.map((isRecreated) => ({ createdAt: at('2026-01-01'), isRecreated })),
          );
          expect(figures.onTimeRate).toBeGreaterThanOrEqual(0);
          expect(figures.onTimeRate).toBeLessThanOrEqual(1);
          if (figures.accuracy !== null) {
            expect(figures.accuracy).toBeGreaterThanOrEqual(0);
            expect(figures.accuracy).toBeLessThanOrEqual(1);
          }
          const costs = orders.map((candidate) => candidate.costCents);
          expect(figures.costPerOrderCents).toBeGreaterThanOrEqual(Math.min(...costs));
          expect(figures.costPerOrderCents).toBeLessThanOrEqual(Math.max(...costs));
        },
      ),
    );
  });
});
