import {
  CASH_BACK_BASIS_POINTS,
  ORDER_FEE_CENTS_BY_PLAN,
  PRIORITY_FEE_CENTS,
  STORAGE_FEE_CENTS_PER_BIN_MONTH,
  type FeeKind,
} from '@atelier/contract/fulfillment/fees';
import { RECEIVING_INCIDENT_FEE } from '@atelier/contract/fulfillment/receiving';
import type { PlanType } from '@atelier/contract/identity/plans';

/**
 * Issue 15 fee arithmetic (spec §9), pure functions on integer USD cents.
 *
 * Rounding rule: every rate is a whole number of cents, so counts × rate is exact. The one
 * fraction is the 1 % cash back, rounded half up to the cent (0.5 ¢ goes up): it differs from the
 * exact 1 % by at most half a cent. Storage is charged for whole months: a bin holding a SKU on
 * any day of a month pays the month's $1 (never prorated by days).
 */

const assertCount = (name: string, value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number ≥ 0 (got ${value}).`);
  }
};

/**
 * `numerator / denominator` rounded half up, for whole numbers `numerator` ≥ 0 and
 * `denominator` > 0 (exact integer arithmetic, no floating point).
 */
export const divideRoundHalfUp = (numerator: number, denominator: number): number => {
  assertCount('numerator', numerator);
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`denominator must be a whole number > 0 (got ${denominator}).`);
  }
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
};

/** Pick and pack of one order on `planType` (Beginner $1.50, Professional $1.15), in cents. */
export const orderFeeCents = (planType: PlanType): number => ORDER_FEE_CENTS_BY_PLAN[planType];

/** Pick and pack of `orders` shipped orders on `planType`, in cents (once per order). */
export const pickPackFeeCents = (planType: PlanType, orders: number): number => {
  assertCount('orders', orders);
  return orders * orderFeeCents(planType);
};

/** Storage of `binSkuMonths` (bins × SKUs × whole months) at $1 each, in cents. */
export const storageFeeCents = (binSkuMonths: number): number => {
  assertCount('binSkuMonths', binSkuMonths);
  return binSkuMonths * STORAGE_FEE_CENTS_PER_BIN_MONTH;
};

/** Priority fulfilment of `orders` orders at $10 each, in cents. */
export const priorityFeeCents = (orders: number): number => {
  assertCount('orders', orders);
  return orders * PRIORITY_FEE_CENTS;
};

/** Receiving non-compliance of `incidents` incidents at $15 each, in cents. */
export const receivingIncidentFeeCents = (incidents: number): number => {
  assertCount('incidents', incidents);
  return incidents * RECEIVING_INCIDENT_FEE.amount;
};

/** 1 % cash back on `feesCents` of fees, rounded half up to the cent (≥ 0, a credit). */
export const cashBackCents = (feesCents: number): number =>
  divideRoundHalfUp(feesCents * CASH_BACK_BASIS_POINTS, 10_000);

/** What a store used in a month. Every count is a whole number ≥ 0. */
export type MonthlyUsage = {
  planType: PlanType;
  /** Orders shipped (the first parcel of each; later parcels of one order are not charged). */
  orders: number;
  /** Of all orders, those with priority fulfilment. */
  priorityOrders: number;
  /** Bins × SKUs stored in the month. */
  binSkuMonths: number;
  receivingIncidents: number;
};

export type StatementLine = {
  kind: Exclude<FeeKind, 'CASH_BACK'>;
  quantity: number;
  unitCents: number;
  amountCents: number;
};

export type MonthlyStatement = {
  lines: StatementLine[];
  /** Sum of the lines' amounts. */
  feesCents: number;
  /** 1 % of `feesCents`, rounded half up; taken off the total. */
  cashBackCents: number;
  /** feesCents − cashBackCents, never negative. */
  totalCents: number;
};

/**
 * A month's fees (spec §9): pick and pack per order by plan, priority per order, storage per bin
 * per SKU, receiving incidents, then 1 % cash back on their sum. RangeError for a count that is
 * not a whole number ≥ 0.
 */
export const monthlyStatement = (usage: MonthlyUsage): MonthlyStatement => {
  const lines: StatementLine[] = [
    {
      kind: 'ORDER',
      quantity: usage.orders,
      unitCents: orderFeeCents(usage.planType),
      amountCents: pickPackFeeCents(usage.planType, usage.orders),
    },
    {
      kind: 'PRIORITY',
      quantity: usage.priorityOrders,
      unitCents: priorityFeeCents(1),
      amountCents: priorityFeeCents(usage.priorityOrders),
    },
    {
      kind: 'STORAGE',
      quantity: usage.binSkuMonths,
      unitCents: storageFeeCents(1),
      amountCents: storageFeeCents(usage.binSkuMonths),
    },
    {
      kind: 'RECEIVING_INCIDENT',
      quantity: usage.receivingIncidents,
      unitCents: receivingIncidentFeeCents(1),
      amountCents: receivingIncidentFeeCents(usage.receivingIncidents),
    },
  ];
  const feesCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const cashBack = cashBackCents(feesCents);
  return { lines, feesCents, cashBackCents: cashBack, totalCents: feesCents - cashBack };
};
