import { describe, expect, it } from 'vitest';
import { describeSources } from './value-sources';

describe('describeSources', () => {
  it('says where the real values came from, in words, and leaves demo values out', () => {
    expect(
      describeSources({
        name: 'registry',
        address: 'registry',
        latitude: 'registry',
        longitude: 'registry',
        countryCode: 'registry',
        moq: 'demo',
        rating: 'reviews',
      }),
    ).toEqual([
      'Name, address, location and country come from the Open Apparel Registry (public data).',
      'Rating comes from reviews on Atelier.',
    ]);
    expect(describeSources({ moq: 'demo' })).toEqual([]);
  });

  it('names the fields a supplier set on its profile (issue 10) in words', () => {
    expect(
      describeSources({
        moq: 'supplier',
        samplePrice: 'supplier',
        logo: 'supplier',
        photos: 'supplier',
      }),
    ).toEqual(['Minimum order, sample price, logo and factory photos come from the supplier.']);
  });
});
