import { describe, expect, it } from 'vitest';
import { patchFavoriteFlag } from './favorite-patch';

describe('patchFavoriteFlag', () => {
  const page = {
    pages: [
      {
        items: [
          { id: 'cmp_a', name: 'A', isFavorite: false },
          { id: 'cmp_b', name: 'B', isFavorite: false },
        ],
        nextCursor: null,
      },
    ],
    pageParams: [undefined],
  };

  it('sets the flag on every copy of the target, deep in any cached shape', () => {
    const patched = patchFavoriteFlag(page, 'cmp_b', true) as typeof page;
    expect(patched.pages[0]?.items[1]?.isFavorite).toBe(true);
    expect(patched.pages[0]?.items[0]).toBe(page.pages[0]?.items[0]);
    expect(page.pages[0]?.items[1]?.isFavorite).toBe(false);
  });

  it('returns the same object when nothing changes', () => {
    expect(patchFavoriteFlag(page, 'cmp_x', true)).toBe(page);
    expect(patchFavoriteFlag(page, 'cmp_a', false)).toBe(page);
    expect(patchFavoriteFlag(null, 'cmp_a', true)).toBeNull();
  });

  it('leaves objects without a favourite flag alone (an item names its supplier)', () => {
    const item = { id: 'itm_1', isFavorite: false, company: { id: 'cmp_a', name: 'A' } };
    expect(patchFavoriteFlag(item, 'cmp_a', true)).toBe(item);
  });
});
