import { describe, expect, it } from 'vitest';
import {
  managePlanHref,
  readManagePlanSearch,
  withoutManagePlanHref,
} from './manage-plan-modal-search';

describe('manage_plan dialog address', () => {
  it('opens only with dialog=manage_plan, on the overview unless a known step is given', () => {
    expect(readManagePlanSearch({})).toBeNull();
    expect(readManagePlanSearch({ dialog: 'cart' })).toBeNull();
    expect(readManagePlanSearch({ dialog: 'manage_plan' })).toEqual({
      step: 'overview',
      plan: undefined,
      interval: undefined,
    });
    expect(
      readManagePlanSearch({
        dialog: 'manage_plan',
        step: 'manage',
        plan: 'TIER_3',
        interval: 'YEAR',
      }),
    ).toEqual({ step: 'manage', plan: 'TIER_3', interval: 'YEAR' });
    expect(
      readManagePlanSearch({ dialog: 'manage_plan', step: 'delete-everything', plan: 'TIER_9' }),
    ).toEqual({ step: 'overview', plan: undefined, interval: undefined });
  });

  it('builds the href over a page, keeping its other parameters, and removes exactly its own', () => {
    expect(managePlanHref('/account-info')).toBe('/account-info?dialog=manage_plan');
    const href = managePlanHref(
      '/inventory',
      { step: 'manage', plan: 'TIER_2_5' },
      '?status=ARCHIVED&step=x',
    );
    expect(href).toBe('/inventory?status=ARCHIVED&dialog=manage_plan&step=manage&plan=TIER_2_5');
    expect(
      withoutManagePlanHref(
        '/inventory',
        '?status=ARCHIVED&dialog=manage_plan&step=manage&plan=TIER_2_5',
        '#top',
      ),
    ).toBe('/inventory?status=ARCHIVED#top');
    expect(withoutManagePlanHref('/homebase', '?dialog=manage_plan')).toBe('/homebase');
  });
});
