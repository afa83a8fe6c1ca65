import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlanTypeSchema, type PlanType } from '@atelier/contract/identity/plans';
import {
  cashBackCents,
  divideRoundHalfUp,
  monthlyStatement,
  orderFeeCents,
  pickPackFeeCents,
  priorityFeeCents,
  receivingIncidentFeeCents,
  storageFeeCents,
  type MonthlyUsage,
} from './fee-arithmetic';
import { shipByDeadline } from './calendar';

const count = fc.integer({ min: 0, max: 1_000_000 });
const plan = fc.constantFrom<PlanType>(...PlanTypeSchema.options);
const usage = fc.record<MonthlyUsage>({
  planType: plan,
  orders: count,
  priorityOrders: count,
  binSkuMonths: count,
  receivingIncidents: count,
});

describe('fee schedule (spec §9)', () => {
  it('charges the rates of the spec in cents', () => {
    expect(orderFeeCents('TIER_2')).toBe(150);
    expect(orderFeeCents('TIER_3')).toBe(115);
    // Not named by the spec: Free and Scaling pay the Beginner rate.
    expect(orderFeeCents('TIER_1')).toBe(150);
    expect(orderFeeCents('TIER_2_5')).toBe(150);
    expect(storageFeeCents(1)).toBe(100);
    expect(priorityFeeCents(1)).toBe(1000);
    expect(receivingIncidentFeeCents(1)).toBe(1500);
    expect(pickPackFeeCents('TIER_3', 3)).toBe(345);
  });

  it('rounds the 1 % cash back half up to the cent', () => {
    expect(cashBackCents(0)).toBe(0);
    expect(cashBackCents(49)).toBe(0);
    expect(cashBackCents(50)).toBe(1);
    expect(cashBackCents(149)).toBe(1);
    expect(cashBackCents(150)).toBe(2);
    expect(cashBackCents(115)).toBe(1);
  });

  it('refuses negative or fractional counts', () => {
    expect(() => pickPackFeeCents('TIER_2', -1)).toThrow(RangeError);
    expect(() => storageFeeCents(1.5)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
  });

  it('a statement’s total is the sum of its lines less the cash back, never negative', () => {
    fc.assert(
      fc.property(usage, (month) => {
        const statement = monthlyStatement(month);
        const sum = statement.lines.reduce((total, line) => total + line.amountCents, 0);
        expect(statement.feesCents).toBe(sum);
        expect(statement.totalCents).toBe(sum - statement.cashBackCents);
        expect(statement.totalCents).toBeGreaterThanOrEqual(0);
        for (const line of statement.lines) {
          expect(line.amountCents).toBe(line.quantity * line.unitCents);
          expect(line.amountCents).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(line.amountCents)).toBe(true);
        }
      }),
    );
  });

  it('cash back is 1 % of the fees rounded half up: never more than half a cent off', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (fees) => {
        const back = cashBackCents(fees);
        expect(Number.isInteger(back)).toBe(true);
        expect(back).toBeGreaterThanOrEqual(0);
        // |back − fees / 100| ≤ 0.5, ties going up.
        expect(Math.abs(back * 100 - fees)).toBeLessThanOrEqual(50);
        expect(back * 100 - fees).toBeGreaterThan(-50);
        expect(back).toBeLessThanOrEqual(divideRoundHalfUp(fees, 100));
      }),
    );
  });

  it('fees never fall when a count grows', () => {
    const field = fc.constantFrom<keyof Omit<MonthlyUsage, 'planType'>>(
      'orders',
      'priorityOrders',
      'binSkuMonths',
      'receivingIncidents',
    );
    fc.assert(
      fc.property(usage, field, fc.integer({ min: 1, max: 1000 }), (month, key, more) => {
        const before = monthlyStatement(month);
        const after = monthlyStatement({ ...month, [key]: month[key] + more });
        expect(after.feesCents).toBeGreaterThan(before.feesCents);
        expect(after.totalCents).toBeGreaterThanOrEqual(before.totalCents);
      }),
    );
  });

  it('Professional never pays more per order than any other plan', () => {
    fc.assert(
      fc.property(plan, count, (other, orders) => {
        expect(pickPackFeeCents('TIER_3', orders)).toBeLessThanOrEqual(
          pickPackFeeCents(other, orders),
        );
      }),
    );
  });

  it('divideRoundHalfUp is the nearest integer, halves going up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 100_000 }),
        (numerator, denominator) => {
          const quotient = divideRoundHalfUp(numerator, denominator);
          const twice = 2 * numerator;
          // q − ½ ≤ n/d < q + ½
          expect((2 * quotient - 1) * denominator).toBeLessThanOrEqual(twice);
          expect(twice).toBeLessThan((2 * quotient + 1) * denominator);
        },
      ),
    );
  });
});

describe('ship-by time (2 business days, 12:00 America/New_York cut-off)', () => {
  it.each([
    // Monday 11:00 EST → by Tuesday end of day.
    ['2026-11-23T16:00:00Z', '2026-11-25T04:59:59.999Z'],
    // Monday 13:00 EST (after the cut-off) → the clock starts Tuesday, by Wednesday end of day.
    ['2026-11-23T18:00:00Z', '2026-11-26T04:59:59.999Z'],
    // Friday 13:00 → Monday and Tuesday.
    ['2026-11-27T18:00:00Z', '2026-12-02T04:59:59.999Z'],
    // Saturday → Monday and Tuesday.
    ['2026-11-28T15:00:00Z', '2026-12-02T04:59:59.999Z'],
    // Summer time (EDT): Wednesday 09:00 → by Thursday end of day.
    ['2026-07-01T13:00:00Z', '2026-07-03T03:59:59.999Z'],
  ])('an order placed at %s ships on time by %s', (placed, deadline) => {
    expect(shipByDeadline(new Date(placed)).toISOString()).toBe(deadline);
  });

  it('the ship-by time is always after the order and never more than 5 days later', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        (placed) => {
          const deadline = shipByDeadline(placed).getTime();
          expect(deadline).toBeGreaterThan(placed.getTime());
          expect(deadline - placed.getTime()).toBeLessThanOrEqual(5 * 86_400_000);
        },
      ),
    );
  });
});
