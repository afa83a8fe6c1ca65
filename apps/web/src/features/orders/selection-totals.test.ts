import { describe, expect, it } from 'vitest';
import { aCart, anOrderItem } from '@/testing/order-factories';
import { discountIssueOf, totalsOfSelection } from './selection-totals';

const tees = anOrderItem({ id: 'coi_1', shippingAmount: 15_000 });
const techPack = anOrderItem({
  id: 'coi_2',
  title: 'Tech pack revision',
  category: 'DESIGN_SERVICE',
  quantity: 1,
  unitPrice: 12_000,
});
const choices = { discountCode: 'design50', shippingAssurance: true, sampleAssurance: false };

describe('totalsOfSelection', () => {
  it('takes the server’s totals when the whole cart is chosen', () => {
    const serverTotals = aCart([tees, techPack], choices).totals;
    const priced = totalsOfSelection([tees, techPack], choices, {
      cartItemCount: 2,
      cartTotals: serverTotals,
    });
    expect(priced).toEqual({ kind: 'priced', totals: serverTotals, discountCode: 'design50' });
  });

  it('prices part of the cart with the contract, as the server prices its checkout', () => {
    const priced = totalsOfSelection(
      [tees],
      { ...choices, discountCode: null },
      {
        cartItemCount: 2,
        cartTotals: aCart([tees, techPack], choices).totals,
      },
    );
    expect(priced).toEqual({
      kind: 'priced',
      totals: aCart([tees], { shippingAssurance: true }).totals,
      discountCode: null,
    });
  });

  it('leaves out a code that does not fit the chosen items', () => {
    const priced = totalsOfSelection([tees], choices, { cartItemCount: 2, cartTotals: null });
    expect(priced.kind === 'priced' && priced.totals.discount).toBe(0);
    expect(discountIssueOf('design50', [tees])).toBe(
      'DESIGN50 takes 50 % off design services; this cart has none.',
    );
  });

  it('refuses an empty choice and items of several currencies', () => {
    const whole = { cartItemCount: 2, cartTotals: null };
    expect(totalsOfSelection([], choices, whole)).toEqual({ kind: 'empty' });
    expect(
      totalsOfSelection([tees, anOrderItem({ id: 'coi_3', currencyCode: 'EUR' })], choices, whole),
    ).toEqual({ kind: 'mixed-currencies' });
  });
});
