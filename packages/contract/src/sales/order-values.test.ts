import { describe, expect, it } from 'vitest';
import {
  formatOrderNumber,
  ORDER_ORIGIN_LABELS,
  ORDER_TAB_LABELS,
  orderTabsOf,
} from './order-values';

describe('store order codes in words (spec §3 Orders)', () => {
  it('puts an order under the tabs /orders shows it in', () => {
    const open = { cancelState: 'NONE', hasRefunds: false } as const;
    expect(orderTabsOf({ ...open, productionStatus: 'OUTSTANDING' })).toEqual([
      'ALL',
      'OUTSTANDING',
    ]);
    expect(orderTabsOf({ ...open, productionStatus: 'FINISHED' })).toEqual(['ALL', 'FULFILLED']);
    // A canceled order is canceled, whatever its production got to; a refund adds RETURNS.
    expect(
      orderTabsOf({ productionStatus: 'ON_HOLD', cancelState: 'CANCELED', hasRefunds: true }),
    ).toEqual(['ALL', 'CANCELED', 'RETURNS']);
  });

  it("names the platform's shop Atelier Shop, the FULFILLED tab Finished, and numbers by series", () => {
    expect(ORDER_ORIGIN_LABELS.SHOPIFY_PLATFORM).toBe('Atelier Shop');
    expect(ORDER_ORIGIN_LABELS.SHOPIFY_CREATOR).toBe('Shopify');
    expect(ORDER_ORIGIN_LABELS.IMPORT).toBe('Imported');
    expect(ORDER_TAB_LABELS.FULFILLED).toBe('Finished');
    expect(formatOrderNumber('IMPORT', 1001)).toBe('#1001');
    expect(formatOrderNumber('MANUAL_RETAIL', 1001)).toBe('R1001');
    expect(formatOrderNumber('MANUAL_WHOLESALE', 1002)).toBe('W1002');
  });
});
