import { describe, expect, it } from 'vitest';
import { invoiceTotalsOf, readMajorUnits, toMajorUnitsText } from './partner-orders-format';

describe('readMajorUnits', () => {
  it.each([
    ['19.99', 1999],
    ['4.35', 435],
    ['0.29', 29],
    ['1.15', 115],
    ['1,234.5', 123_450],
    ['$12', 1200],
    [' 1 000.07 ', 100_007],
    ['.5', 50],
    ['7.', 700],
    ['0', 0],
    ['100000000.00', 10_000_000_000],
  ])('reads %s as %i cents, digit by digit', (text, cents) => {
    expect(readMajorUnits(text)).toEqual({ isValid: true, amount: cents });
  });

  it('reads an amount whose float product drifts exactly (4.35 × 100 is 434.99999…)', () => {
    expect(4.35 * 100).not.toBe(435);
    expect(readMajorUnits('4.35')).toEqual({ isValid: true, amount: 435 });
  });

  it.each(['', ' ', '.', 'abc', '-1', '1.2.3', '12e3', '1.234'])('refuses %j', (text) => {
    expect(readMajorUnits(text).isValid).toBe(false);
  });

  it('says how many decimals the currency has', () => {
    expect(readMajorUnits('1.234')).toEqual({ isValid: false, message: 'At most 2 decimals.' });
    expect(readMajorUnits('5.5', 'JPY')).toEqual({
      isValid: false,
      message: 'Enter a whole amount.',
    });
    expect(readMajorUnits('1200', 'JPY')).toEqual({ isValid: true, amount: 1200 });
  });
});

describe('toMajorUnitsText', () => {
  it('writes cents back as dollars', () => {
    expect(toMajorUnitsText(1250)).toBe('12.50');
    expect(toMajorUnitsText(5)).toBe('0.05');
    expect(toMajorUnitsText(0)).toBe('0.00');
  });
});

describe('invoiceTotalsOf', () => {
  it('adds each line times its quantity, then shipping', () => {
    expect(
      invoiceTotalsOf(
        [
          { quantity: 3, unitPrice: 435 },
          { quantity: 10, unitPrice: 29 },
        ],
        1500,
      ),
    ).toEqual({ subtotal: 1595, shippingAmount: 1500, total: 3095 });
  });
});
