import { describe, expect, it } from 'vitest';
import { withoutRepeatedWords } from './catalog-search.service';

describe('withoutRepeatedWords', () => {
  it('says each word once, keeping the first, whatever its case or punctuation', () => {
    expect(withoutRepeatedWords('Organic cotton denim denim jacket')).toBe(
      'Organic cotton denim jacket',
    );
    expect(withoutRepeatedWords('Sample kit: Denim denim jacket')).toBe('Sample kit: Denim jacket');
    expect(withoutRepeatedWords('Linen apron, linen')).toBe('Linen apron');
    expect(withoutRepeatedWords('Cotton  tote – cotton')).toBe('Cotton tote');
  });

  it('leaves a text without repeats as it is', () => {
    expect(withoutRepeatedWords('Heavyweight hoodie')).toBe('Heavyweight hoodie');
  });
});
