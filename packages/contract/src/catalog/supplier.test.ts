import { describe, expect, it } from 'vitest';
import { parseCsvLoosely } from '../common/validation';
import { CatalogFilterQuerySchema, CategoryIdTextSchema } from './supplier';

describe('CategoryIdTextSchema', () => {
  it.each([
    ['204', 204],
    ['007', 7],
    ['999999999', 999_999_999],
  ])('reads %j as the id %d', (text, id) => {
    expect(CategoryIdTextSchema.parse(text)).toBe(id);
  });

  it.each(['0', '000', '-1', '1.5', 'abc', '', '1234567890'])('refuses %j', (text) => {
    expect(CategoryIdTextSchema.safeParse(text).success).toBe(false);
  });
});

describe('category id lists', () => {
  it('parses a query strictly: one bad id refuses the list', () => {
    expect(CatalogFilterQuerySchema.parse({ categoryIds: '204, 207' }).categoryIds).toEqual([
      204, 207,
    ]);
    expect(CatalogFilterQuerySchema.safeParse({ categoryIds: '204,abc' }).success).toBe(false);
  });

  it('parses an address loosely: bad ids and repeats are dropped', () => {
    expect(parseCsvLoosely('1,abc,,0,1,207', CategoryIdTextSchema, 50)).toEqual([1, 207]);
  });
});
