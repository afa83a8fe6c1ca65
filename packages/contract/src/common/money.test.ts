import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatUsd, minorDigitsOf, MoneySchema } from './money';

/** Intl separates a currency code from the number with a no-break space; compare with plain spaces. */
const plain = (value: string): string => value.replace(/\s/g, ' ');

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [2500, '$25.00'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [123456789012, '$1,234,567,890.12'],
  ])('shows %i cents as %s', (cents, shown) => {
    expect(formatUsd(cents)).toBe(shown);
  });

  it.each([
    [-5, '-$0.05'],
    [-123456, '-$1,234.56'],
  ])('shows %i cents with a leading minus as %s', (cents, shown) => {
    expect(formatUsd(cents)).toBe(shown);
  });

  it('shows the whole dollars and cents of any integer amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const shown = formatUsd(cents);
        expect(shown).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(shown.replace(/[$,]/g, '')) * 100).toBeCloseTo(cents, 0);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('shows USD with the dollar symbol, like formatUsd', () => {
    expect(formatMoney({ amount: 123456, currencyCode: 'USD' })).toBe('$1,234.56');
  });

  it.each([
    ['EUR', 123456, 'EUR 1,234.56'],
    ['GBP', 5, 'GBP 0.05'],
    ['CAD', 0, 'CAD 0.00'],
    ['GBP', -500, '-GBP 5.00'],
  ])('shows %s %i minor units with its code as %s', (currencyCode, amount, shown) => {
    expect(plain(formatMoney({ amount, currencyCode }))).toBe(shown);
  });

  it('uses the minor units of a currency without decimals', () => {
    expect(plain(formatMoney({ amount: 1234, currencyCode: 'JPY' }))).toBe('JPY 1,234');
  });

  it('uses the minor units of a currency with three decimals', () => {
    expect(plain(formatMoney({ amount: 1234, currencyCode: 'KWD' }))).toBe('KWD 1.234');
  });
});

describe('MoneySchema', () => {
  it('accepts integer minor units with an ISO 4217 code', () => {
    expect(MoneySchema.parse({ amount: 123456, currencyCode: 'USD' })).toEqual({
      amount: 123456,
      currencyCode: 'USD',
    });
  });

  it.each([
    ['a fractional amount', { amount: 12.5, currencyCode: 'USD' }],
    ['a lower-case code', { amount: 100, currencyCode: 'usd' }],
    ['a two-letter code', { amount: 100, currencyCode: 'US' }],
    ['a missing code', { amount: 100 }],
  ])('rejects %s', (_label, value) => {
    expect(MoneySchema.safeParse(value).success).toBe(false);
  });
});

describe('minorDigitsOf', () => {
  it('knows the minor unit of each currency, and falls back to 2 for a code Intl rejects', () => {
    expect([minorDigitsOf('GBP'), minorDigitsOf('JPY'), minorDigitsOf('KWD')]).toEqual([2, 0, 3]);
    expect(minorDigitsOf('??')).toBe(2);
  });
});
