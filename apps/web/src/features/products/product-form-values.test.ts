import { describe, expect, it } from 'vitest';
import {
  aBlankVariant,
  checkGenerate,
  combinationsOf,
  generateVariants,
  isStaleVariant,
  toProductBody,
} from './product-form-values';

const color = { name: 'Color', values: ['Sage', 'Rust'] };
const size = { name: 'Size', values: ['S', 'M'] };

describe('combinationsOf', () => {
  it('lists every combination in the options’ order, and one empty one without options', () => {
    expect(combinationsOf([color, size])).toEqual([
      ['Sage', 'S'],
      ['Sage', 'M'],
      ['Rust', 'S'],
      ['Rust', 'M'],
    ]);
    expect(combinationsOf([])).toEqual([[]]);
  });
});

describe('generateVariants', () => {
  it('keeps a row whose values are unchanged and starts a new one from the row it extends', () => {
    const sage = { ...aBlankVariant(['Sage']), sku: 'AP-SAGE', priceAmount: 2_400 };
    const rust = { ...aBlankVariant(['Rust']), sku: 'AP-RUST', priceAmount: 2_600 };

    const sameOptions = generateVariants([color], [sage, rust]);
    expect(sameOptions).toEqual([sage, rust]);

    const withSize = generateVariants([color, size], [sage, rust]);
    expect(
      withSize.map((variant) => [variant.optionValues, variant.sku, variant.priceAmount]),
    ).toEqual([
      [['Sage', 'S'], null, 2_400],
      [['Sage', 'M'], null, 2_400],
      [['Rust', 'S'], null, 2_600],
      [['Rust', 'M'], null, 2_600],
    ]);
  });

  it('turns the single variant of a product without options into the first combinations', () => {
    const only = { ...aBlankVariant(), sku: 'APRON', priceAmount: 2_000, weightGrams: 180 };
    const variants = generateVariants([color], [only]);
    expect(variants).toHaveLength(2);
    expect(variants[0]).toMatchObject({ optionValues: ['Sage'], sku: null, priceAmount: 2_000 });
    expect(variants[1]).toMatchObject({ optionValues: ['Rust'], weightGrams: 180 });
  });
});

describe('checkGenerate', () => {
  it('refuses more than 100 variants and options without a name or value', () => {
    const ten = (name: string) => ({
      name,
      values: Array.from({ length: 10 }, (_, index) => `${name}${index}`),
    });
    expect(checkGenerate([ten('A'), ten('B')])).toEqual({ canGenerate: true, count: 100 });
    expect(checkGenerate([ten('A'), ten('B'), size])).toMatchObject({
      canGenerate: false,
      count: 200,
    });
    expect(checkGenerate([{ name: 'Color', values: [] }])).toMatchObject({ canGenerate: false });
  });
});

describe('isStaleVariant', () => {
  it('says a row is stale once an option or one of its values is gone', () => {
    expect(isStaleVariant({ optionValues: ['Sage'] }, [color])).toBe(false);
    expect(isStaleVariant({ optionValues: ['Olive'] }, [color])).toBe(true);
    expect(isStaleVariant({ optionValues: ['Sage'] }, [color, size])).toBe(true);
    expect(isStaleVariant({ optionValues: [] }, [])).toBe(false);
  });
});

describe('toProductBody', () => {
  it('sends emptied texts as null', () => {
    const body = toProductBody({
      title: 'Linen apron',
      description: '',
      vendor: 'Atelier',
      productType: '',
      tags: [],
      categoryId: null,
      currencyCode: 'USD',
      options: [],
      images: [{ url: 'https://example.com/a.jpg', alt: '' }],
      variants: [{ ...aBlankVariant(), sku: '', barcode: '', priceAmount: 100 }],
    });
    expect(body).toMatchObject({
      description: null,
      vendor: 'Atelier',
      productType: null,
      images: [{ url: 'https://example.com/a.jpg', alt: null }],
      variants: [{ sku: null, barcode: null, priceAmount: 100 }],
    });
  });
});
