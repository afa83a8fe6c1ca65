import { z } from 'zod';
import { MoneySchema } from '../common/money';
import { textSchema } from '../common/validation';
import { OrderItemKindSchema } from './order-item';

/**
 * Issue 12 "Totals": what a checkout of sample and production order items charges, and spec §9's
 * discount codes. Every amount is an integer in the checkout currency's minor units (cents for
 * USD, yen for JPY); percentages are basis points (1 % = 100 bp). The server and the web run this
 * same code, so the total a person sees is the total charged.
 */

const BASIS_POINTS_PER_WHOLE = 10_000n;

const toBigInt = (value: bigint | number, name: string): bigint => {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${name} must be a whole number: ${value}.`);
  return BigInt(value);
};

const toSafeNumber = (value: bigint, name: string): number => {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${name} (${value}) is beyond what a number holds exactly (2^53 − 1).`);
  }
  return Number(value);
};

/**
 * `numerator / denominator` rounded half to even (a tie goes to the even neighbour: 0.5 → 0,
 * 1.5 → 2, 2.5 → 2, −1.5 → −2), in integer arithmetic so no float ever holds the fraction.
 * Throws a RangeError when a number is not a safe integer or the denominator is not above 0.
 */
export const roundHalfEven = (numerator: bigint | number, denominator: bigint | number): bigint => {
  const top = toBigInt(numerator, 'The numerator');
  const bottom = toBigInt(denominator, 'The denominator');
  if (bottom <= 0n) throw new RangeError(`The denominator must be above 0: ${bottom}.`);
  const magnitude = top < 0n ? -top : top;
  let quotient = magnitude / bottom;
  const twiceRemainder = 2n * (magnitude % bottom);
  if (twiceRemainder > bottom || (twiceRemainder === bottom && quotient % 2n === 1n))
    quotient += 1n;
  return top < 0n ? -quotient : quotient;
};

const percentOfMinor = (amountMinor: bigint, basisPoints: number): bigint =>
  roundHalfEven(amountMinor * toBigInt(basisPoints, 'Basis points'), BASIS_POINTS_PER_WHOLE);

/**
 * `amountMinor × basisPoints / 10000`, in minor units. The rounding rule of every fee and discount
 * (issue 12 Totals): half-even on minor units, each fee rounded once, the same code on server and
 * web. Integer arithmetic: 5 × 300 bp = 0.15 → 0, 50 × 300 bp = 1.5 → 2, 150 × 300 bp = 4.5 → 4.
 * Throws a RangeError when an argument is not a safe integer or the result is not one.
 */
export const percentOf = (amountMinor: number, basisPoints: number): number =>
  toSafeNumber(percentOfMinor(toBigInt(amountMinor, 'The amount'), basisPoints), 'The percentage');

/** Issue 12: the payment processing fee on everything charged, in basis points (3 %). */
export const PAYMENT_PROCESSING_FEE_BP = 300;
/** Issue 12: optional shipping assurance on the goods and their shipping, in basis points (3 %). */
export const SHIPPING_ASSURANCE_BP = 300;
/** Issue 12: optional sample assurance on the sample lines, in basis points (10 %). */
export const SAMPLE_ASSURANCE_BP = 1000;

/** What a checkout line sells: goods, or a design service (which DESIGN50 discounts). */
export const CHECKOUT_LINE_CATEGORIES = ['PRODUCT', 'DESIGN_SERVICE'] as const;
export const CheckoutLineCategorySchema = z.enum(CHECKOUT_LINE_CATEGORIES);
export type CheckoutLineCategory = z.infer<typeof CheckoutLineCategorySchema>;

/** Most units on one checkout line. */
export const MAX_CHECKOUT_LINE_QUANTITY = 1_000_000;
/** Highest unit price, in minor units (100,000,000.00 in a two-digit currency). */
export const MAX_CHECKOUT_UNIT_PRICE = 10_000_000_000;

/**
 * One line of a checkout (issue 12): `quantity` units (1 to 1,000,000) at `unitPrice` integer
 * minor units (0 to 10,000,000,000) each; the line's amount is `quantity × unitPrice`.
 */
export const CheckoutLineSchema = z.object({
  kind: OrderItemKindSchema,
  category: CheckoutLineCategorySchema,
  quantity: z.number().int().min(1, 'At least 1 unit.').max(MAX_CHECKOUT_LINE_QUANTITY),
  unitPrice: z.number().int().min(0).max(MAX_CHECKOUT_UNIT_PRICE),
});
export type CheckoutLine = z.infer<typeof CheckoutLineSchema>;

/** Spec §9 discount codes, as stored and shown (uppercase). */
export const DiscountCodeSchema = z.enum(['PRODUCTS10', 'DESIGN50']);
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

export type DiscountCodeRule = {
  /** The share taken off, in basis points. */
  basisPoints: number;
  /** The only lines whose amounts the code discounts. */
  appliesTo: CheckoutLineCategory;
  /** What the code does, in words: "10 % off products". */
  description: string;
};

/**
 * Spec §9 discount codes PRODUCTS10 and DESIGN50 (issue 12 Totals). The rules:
 * - a code is matched case-insensitively after trimming (`normalizeDiscountCode`);
 * - one code per checkout;
 * - its percentage applies to the subtotal of the lines of its category only, never to
 *   shipping, handling or fees, rounded once by `percentOf`;
 * - a code whose category has no line in the cart is refused with a message
 *   (`discountCodeIssue`).
 */
export const DISCOUNT_CODES: Readonly<Record<DiscountCode, DiscountCodeRule>> = {
  PRODUCTS10: { basisPoints: 1000, appliesTo: 'PRODUCT', description: '10 % off products' },
  DESIGN50: {
    basisPoints: 5000,
    appliesTo: 'DESIGN_SERVICE',
    description: '50 % off design services',
  },
};

/** A discount code as typed, trimmed and in uppercase (spec §9: codes ignore case): " design50" → "DESIGN50". */
export const normalizeDiscountCode = (text: string): string => text.trim().toUpperCase();

const asDiscountCode = (text: string): DiscountCode | null => {
  const parsed = DiscountCodeSchema.safeParse(normalizeDiscountCode(text));
  return parsed.success ? parsed.data : null;
};

/**
 * Why `code` cannot be used on a cart of `lines` (spec §9), or `null` when it can. A blank code is
 * no code and has no issue. `"SAVE5" is not a discount code.` for an unknown code (quoting it as
 * typed, trimmed); `DESIGN50 takes 50 % off design services; this cart has none.` when no line is
 * of the code's category.
 */
export const discountCodeIssue = (
  code: string,
  lines: readonly Pick<CheckoutLine, 'category'>[],
): string | null => {
  if (normalizeDiscountCode(code) === '') return null;
  const known = asDiscountCode(code);
  if (known === null) return `"${code.trim()}" is not a discount code.`;
  const rule = DISCOUNT_CODES[known];
  if (!lines.some((line) => line.category === rule.appliesTo)) {
    return `${known} takes ${rule.description}; this cart has none.`;
  }
  return null;
};

/** The fees a checkout may charge, in the order they are added. */
export const CHECKOUT_FEE_KEYS = [
  'SHIPPING_ASSURANCE',
  'SAMPLE_ASSURANCE',
  'PAYMENT_PROCESSING',
] as const;
export const CheckoutFeeKeySchema = z.enum(CHECKOUT_FEE_KEYS);
export type CheckoutFeeKey = z.infer<typeof CheckoutFeeKeySchema>;

/** The words shown for each fee. */
export const CHECKOUT_FEE_LABELS: Readonly<Record<CheckoutFeeKey, string>> = {
  SHIPPING_ASSURANCE: 'Shipping assurance',
  SAMPLE_ASSURANCE: 'Sample assurance',
  PAYMENT_PROCESSING: 'Payment processing fee',
};

const minorAmountSchema = z.number().int().min(0);

/**
 * What a checkout is computed from (issue 12). `shipping` and `handling` are integers ≥ 0 in
 * minor units; `discountCode` is as typed (null or blank for none); the assurances are the
 * person's choices.
 */
export const CheckoutTotalsInputSchema = z.object({
  currencyCode: MoneySchema.shape.currencyCode,
  lines: z.array(CheckoutLineSchema).min(1, 'A checkout has at least one line.'),
  shipping: minorAmountSchema,
  handling: minorAmountSchema,
  shippingAssurance: z.boolean(),
  sampleAssurance: z.boolean(),
  discountCode: textSchema(50).nullable(),
});
export type CheckoutTotalsInput = z.infer<typeof CheckoutTotalsInputSchema>;

/** One fee charged: `amount = percentOf(base, basisPoints)`, both in minor units. */
export const CheckoutFeeSchema = z.object({
  key: CheckoutFeeKeySchema,
  label: z.string(),
  basisPoints: z.number().int().min(0),
  base: minorAmountSchema,
  amount: minorAmountSchema,
});
export type CheckoutFee = z.infer<typeof CheckoutFeeSchema>;

/** A checkout's amounts (issue 12 Totals), each in integer minor units; see `computeCheckoutTotals`. */
export const CheckoutTotalsSchema = z.object({
  currencyCode: MoneySchema.shape.currencyCode,
  productSubtotal: minorAmountSchema,
  designSubtotal: minorAmountSchema,
  /** The SAMPLE lines' amounts, whatever their category (part of the two subtotals above). */
  sampleSubtotal: minorAmountSchema,
  subtotal: minorAmountSchema,
  discount: minorAmountSchema,
  discountCode: DiscountCodeSchema.nullable(),
  shipping: minorAmountSchema,
  handling: minorAmountSchema,
  shippingAssurance: minorAmountSchema,
  sampleAssurance: minorAmountSchema,
  processingFee: minorAmountSchema,
  total: minorAmountSchema,
  /** The fees charged, each key at most once, in `CHECKOUT_FEE_KEYS` order. */
  fees: z.array(CheckoutFeeSchema),
});
export type CheckoutTotals = z.infer<typeof CheckoutTotalsSchema>;

const wholeAmount = (value: number, name: string): bigint => {
  const amount = toBigInt(value, name);
  if (amount < 0n) throw new RangeError(`${name} must be 0 or more: ${value}.`);
  return amount;
};

/**
 * Issue 12 Totals, spec §9 discount codes. In integer minor units:
 * - line amount = quantity × unitPrice; `subtotal` = every line (= product + design subtotals);
 * - `discount` = percentOf(subtotal of the code's category, code bp); 0 without a code;
 * - `shippingAssurance` (when chosen) = percentOf(subtotal − discount + shipping, 3 %);
 * - `sampleAssurance` (when chosen and the cart has a SAMPLE line) = percentOf(sample lines'
 *   subtotal, 10 %);
 * - `processingFee` = percentOf(subtotal − discount + shipping + handling + both assurances, 3 %);
 * - `total` = subtotal − discount + shipping + handling + both assurances + processingFee.
 * `fees` lists each fee charged once: an assurance only when it applies, the processing fee
 * always. Throws an Error with the `discountCodeIssue` message for a code that cannot be used,
 * and a RangeError for an amount that is not a whole number ≥ 0 or a result beyond 2^53 − 1.
 */
export const computeCheckoutTotals = (input: CheckoutTotalsInput): CheckoutTotals => {
  const codeIssue =
    input.discountCode === null ? null : discountCodeIssue(input.discountCode, input.lines);
  if (codeIssue !== null) throw new Error(codeIssue);
  const discountCode = input.discountCode === null ? null : asDiscountCode(input.discountCode);

  const subtotals: Record<CheckoutLineCategory, bigint> = { PRODUCT: 0n, DESIGN_SERVICE: 0n };
  let sampleSubtotal = 0n;
  input.lines.forEach((line, index) => {
    const amount =
      wholeAmount(line.quantity, `lines.${index}.quantity`) *
      wholeAmount(line.unitPrice, `lines.${index}.unitPrice`);
    subtotals[line.category] += amount;
    if (line.kind === 'SAMPLE') sampleSubtotal += amount;
  });
  const subtotal = subtotals.PRODUCT + subtotals.DESIGN_SERVICE;
  const shipping = wholeAmount(input.shipping, 'shipping');
  const handling = wholeAmount(input.handling, 'handling');

  const rule = discountCode === null ? null : DISCOUNT_CODES[discountCode];
  const discount = rule === null ? 0n : percentOfMinor(subtotals[rule.appliesTo], rule.basisPoints);

  const fees: { key: CheckoutFeeKey; basisPoints: number; base: bigint; amount: bigint }[] = [];
  const charge = (key: CheckoutFeeKey, basisPoints: number, base: bigint): bigint => {
    const amount = percentOfMinor(base, basisPoints);
    fees.push({ key, basisPoints, base, amount });
    return amount;
  };
  const shippingAssurance = input.shippingAssurance
    ? charge('SHIPPING_ASSURANCE', SHIPPING_ASSURANCE_BP, subtotal - discount + shipping)
    : 0n;
  const hasSampleLine = input.lines.some((line) => line.kind === 'SAMPLE');
  const sampleAssurance =
    input.sampleAssurance && hasSampleLine
      ? charge('SAMPLE_ASSURANCE', SAMPLE_ASSURANCE_BP, sampleSubtotal)
      : 0n;
  const processingBase =
    subtotal - discount + shipping + handling + shippingAssurance + sampleAssurance;
  const processingFee = charge('PAYMENT_PROCESSING', PAYMENT_PROCESSING_FEE_BP, processingBase);

  return {
    currencyCode: input.currencyCode,
    productSubtotal: toSafeNumber(subtotals.PRODUCT, 'productSubtotal'),
    designSubtotal: toSafeNumber(subtotals.DESIGN_SERVICE, 'designSubtotal'),
    sampleSubtotal: toSafeNumber(sampleSubtotal, 'sampleSubtotal'),
    subtotal: toSafeNumber(subtotal, 'subtotal'),
    discount: toSafeNumber(discount, 'discount'),
    discountCode,
    shipping: input.shipping,
    handling: input.handling,
    shippingAssurance: toSafeNumber(shippingAssurance, 'shippingAssurance'),
    sampleAssurance: toSafeNumber(sampleAssurance, 'sampleAssurance'),
    processingFee: toSafeNumber(processingFee, 'processingFee'),
    total: toSafeNumber(processingBase + processingFee, 'total'),
    fees: fees.map((fee) => ({
      key: fee.key,
      label: CHECKOUT_FEE_LABELS[fee.key],
      basisPoints: fee.basisPoints,
      base: toSafeNumber(fee.base, `${fee.key} base`),
      amount: toSafeNumber(fee.amount, fee.key),
    })),
  };
};

/**
 * A financing plan (spec §7 calc-financing-fee, issue 12): the charge split into `instalments`
 * (≥ 1) payments, with a fee of `basisPoints` on the total.
 */
export const FinancingPlanSchema = z.object({
  instalments: z.number().int().min(1),
  basisPoints: z.number().int().min(0),
});
export type FinancingPlan = z.infer<typeof FinancingPlanSchema>;

/**
 * What financing `total` (integer minor units, ≥ 0) over `plan` costs (spec §7
 * calc-financing-fee, issue 12 Totals): `fee = percentOf(total, plan.basisPoints)`,
 * `totalWithFee = total + fee`, split evenly in whole minor units with the remainder on the last
 * instalment, so `instalmentAmount × (instalments − 1) + lastInstalmentAmount = totalWithFee`.
 * Throws a RangeError for a total that is not a whole number ≥ 0, fewer than 1 instalment, or
 * basis points that are not a whole number ≥ 0.
 */
export const calcFinancingFee = (
  total: number,
  plan: FinancingPlan,
): {
  fee: number;
  totalWithFee: number;
  instalmentAmount: number;
  lastInstalmentAmount: number;
} => {
  const amount = wholeAmount(total, 'The total');
  const instalments = toBigInt(plan.instalments, 'Instalments');
  if (instalments < 1n) throw new RangeError(`A plan has at least 1 instalment: ${instalments}.`);
  const fee = percentOfMinor(amount, Number(wholeAmount(plan.basisPoints, 'Basis points')));
  const totalWithFee = amount + fee;
  const instalmentAmount = totalWithFee / instalments;
  return {
    fee: toSafeNumber(fee, 'The fee'),
    totalWithFee: toSafeNumber(totalWithFee, 'The total with the fee'),
    instalmentAmount: toSafeNumber(instalmentAmount, 'An instalment'),
    lastInstalmentAmount: toSafeNumber(
      totalWithFee - instalmentAmount * (instalments - 1n),
      'The last instalment',
    ),
  };
};
