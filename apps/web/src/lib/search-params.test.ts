import { describe, expect, it } from 'vitest';
import { knownParams, readChoice, readInteger, readText } from './search-params';

describe('query parameter readers (issue 10)', () => {
  it('keeps a text and drops other types, long texts and texts off the pattern', () => {
    expect(readText('/inbox')).toBe('/inbox');
    expect(readText(204)).toBeUndefined();
    expect(readText(['a'])).toBeUndefined();
    expect(readText('x'.repeat(41), { maxLength: 40 })).toBeUndefined();
    expect(readText('x'.repeat(40), { maxLength: 40 })).toBe('x'.repeat(40));
    expect(readText('cmp_ab12', { pattern: /^cmp_[a-z0-9]+$/ })).toBe('cmp_ab12');
    expect(readText('cmp_AB', { pattern: /^cmp_[a-z0-9]+$/ })).toBeUndefined();
  });

  it('keeps only one of the choices, exactly as written', () => {
    expect(readChoice('register', ['register'])).toBe('register');
    expect(readChoice('REGISTER', ['register'])).toBeUndefined();
    expect(readChoice(undefined, ['register'])).toBeUndefined();
  });

  it('reads an integer in range from a number or digits', () => {
    const range = { min: 1, max: 2_147_483_647 };
    expect(readInteger(166, range)).toBe(166);
    expect(readInteger('204', range)).toBe(204);
    expect(readInteger(0, range)).toBeUndefined();
    expect(readInteger(1.5, range)).toBeUndefined();
    expect(readInteger('', range)).toBeUndefined();
    expect(readInteger('12abc', range)).toBeUndefined();
    expect(readInteger(2_147_483_648, range)).toBeUndefined();
    expect(readInteger(true, range)).toBeUndefined();
  });

  it('names every known parameter, so a malformed raw value does not show through', () => {
    const validated = knownParams<{ tab?: string; open?: string }>({
      tab: 'reviews',
      open: undefined,
    });
    expect(Object.keys(validated)).toEqual(['tab', 'open']);
    // The router lays a route's validated search over the raw query of its parents.
    const raw = { tab: 'reviews', open: '1e9' };
    expect({ ...raw, ...validated }.open).toBeUndefined();
  });
});
