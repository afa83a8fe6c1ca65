import { readFileSync } from 'node:fs';
import { IconBox, IconPackage, IconShirt, IconShoe } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import {
  artOfCategory,
  artOfCategoryId,
  artsOfSupplier,
  GENERIC_ART,
  specificArtOf,
} from './category-art';
import { DrawnDress, DrawnHoodie, DrawnShorts, DrawnTrousers } from './drawn-garments';

/** The catalog's category tree: the Google product taxonomy the seed loads (levels 1–3). */
const TAXONOMY = readFileSync(
  new URL(
    '../../../../../data/google-product-taxonomy/taxonomy-with-ids.en-US.txt',
    import.meta.url,
  ),
  'utf8',
)
  .split('\n')
  .flatMap((line) => {
    const match = /^(\d+) - (.+)$/.exec(line.trim());
    if (!match) return [];
    const path = match[2]!.split(' > ');
    return path.length > 3 ? [] : [{ id: Number(match[1]), path }];
  });
const byId = new Map(TAXONOMY.map((category) => [category.id, category.path]));
/** Names as an item carries them: subgroup, group, vertical. */
const namesOf = (id: number) => [...byId.get(id)!].reverse();

/**
 * Every category the seed gives items or suppliers: catalog-seed-products.data.ts (registry
 * factories' base products) and catalog-seed-demo.data.ts (packaging, services, websites).
 */
const SEED_CATEGORY_IDS = [
  212, 204, 207, 203, 2271, 5322, 208, 1581, 213, 211, 182, 2306, 187, 3032, 2668, 100, 170, 173,
  177, 169, 178, 973, 2559, 974, 975, 1837, 960, 16, 5608, 105, 2155, 5863, 5884, 500046, 1470,
  5300, 319,
];

describe('category pictures', () => {
  it('gives every category the seed uses a picture of its own, by names and by id alike', () => {
    for (const id of SEED_CATEGORY_IDS) {
      expect(byId.has(id), `${id} is a taxonomy category`).toBe(true);
      const art = specificArtOf(namesOf(id));
      expect(art, byId.get(id)!.join(' > ')).not.toBeNull();
      expect(art).not.toBe(GENERIC_ART);
      expect(artOfCategoryId(id), byId.get(id)!.join(' > ')).toBe(art);
    }
  });

  it('keeps the id map and the name rules in agreement for every id it lists', () => {
    for (const { id, path } of TAXONOMY) {
      const byIdArt = artOfCategoryId(id);
      if (byIdArt) expect(specificArtOf(namesOf(id)), path.join(' > ')).toBe(byIdArt);
    }
  });

  it('has a picture for every top category and every apparel and bag group', () => {
    const covered = TAXONOMY.filter(
      ({ path }) =>
        path.length === 1 ||
        (path.length === 2 && ['Apparel & Accessories', 'Luggage & Bags'].includes(path[0]!)) ||
        (path.length === 3 && path[1] === 'Clothing'),
    );
    expect(covered.length).toBeGreaterThan(30);
    for (const { id, path } of covered) {
      expect(specificArtOf(namesOf(id)), path.join(' > ')).not.toBeNull();
    }
  });

  it('never shows a trouser category as a T-shirt', () => {
    expect(artOfCategory(namesOf(204))).toBe(DrawnTrousers);
    const trouserCategories = TAXONOMY.filter(({ path }) =>
      /pants|trousers|jeans/i.test(path[path.length - 1]!),
    );
    expect(trouserCategories.length).toBeGreaterThan(0);
    for (const { id, path } of trouserCategories) {
      expect(specificArtOf(namesOf(id)), path.join(' > ')).not.toBe(IconShirt);
      expect(artOfCategory(namesOf(id), 'PRODUCT', 'Crew-neck T-shirt')).not.toBe(IconShirt);
    }
  });

  it('tells the garments apart', () => {
    const arts = [204, 207, 2271, 212, 187].map((id) => specificArtOf(namesOf(id)));
    expect(arts).toEqual([DrawnTrousers, DrawnShorts, DrawnDress, IconShirt, IconShoe]);
    expect(new Set(arts).size).toBe(arts.length);
  });

  it('pictures an item of a mixed category by the garment its title names', () => {
    expect(artOfCategory(namesOf(5322), 'PRODUCT', 'Nylon-spandex high-waist leggings')).toBe(
      DrawnTrousers,
    );
    expect(artOfCategory(namesOf(212), 'PRODUCT', 'French terry hoodie')).toBe(DrawnHoodie);
    expect(artOfCategory(namesOf(212), 'PRODUCT', 'Merino wool knit sweater')).toBe(IconShirt);
    expect(artOfCategory(namesOf(207), 'PRODUCT', 'Denim shorts')).toBe(DrawnShorts);
    expect(artOfCategory(namesOf(204), 'PRODUCT', 'Shirt-tail trousers')).toBe(DrawnTrousers);
  });

  it('falls back to the kind, then to the generic picture', () => {
    expect(artOfCategory([null, null, null], 'PACKAGING')).toBe(IconPackage);
    expect(artOfCategory([undefined, 'Unheard of'])).toBe(GENERIC_ART);
  });

  it('reads a title when that is all there is (a catalog item shared in chat)', () => {
    expect(specificArtOf(['Stretch denim straight-leg jeans'])).toBe(DrawnTrousers);
    expect(specificArtOf(['Organic cotton T-shirt dress'])).toBe(DrawnDress);
    expect(specificArtOf(['Custom mailer boxes'])).toBe(IconBox);
  });

  it("pictures a supplier's categories, main one first, else its offering", () => {
    expect(artsOfSupplier({ categoryIds: [204, 212, 204] })).toEqual([DrawnTrousers, IconShirt]);
    expect(artsOfSupplier({ categoryIds: [999999999], offerings: ['PACKAGING'] })).toEqual([
      artOfCategory([], 'PACKAGING'),
    ]);
    expect(artsOfSupplier({})).toEqual([GENERIC_ART]);
  });
});
