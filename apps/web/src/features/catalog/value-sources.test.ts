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
});
