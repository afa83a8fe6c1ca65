import { describe, expect, it } from 'vitest';
import { buildCategoryTree, type CategoryFacet, categoryPathOf, subtreeOf } from './category-tree';

const FACETS: CategoryFacet[] = [
  { categoryId: 166, name: 'Apparel & Accessories', level: 1, parentId: null, count: 10 },
  { categoryId: 922, name: 'Office Supplies', level: 1, parentId: null, count: 3 },
  { categoryId: 1604, name: 'Clothing', level: 2, parentId: 166, count: 9 },
  { categoryId: 187, name: 'Shoes', level: 2, parentId: 166, count: 1 },
  { categoryId: 204, name: 'Pants', level: 3, parentId: 1604, count: 5 },
  { categoryId: 207, name: 'Shorts', level: 3, parentId: 1604, count: 4 },
  { categoryId: 9999, name: 'Orphan', level: 3, parentId: 12345, count: 1 },
];

describe('category tree', () => {
  it('nests subgroups in groups in verticals, keeping the order', () => {
    const tree = buildCategoryTree(FACETS);
    expect(tree.map((node) => node.name)).toEqual([
      'Apparel & Accessories',
      'Office Supplies',
      'Orphan',
    ]);
    expect(tree[0]?.children.map((node) => node.id)).toEqual([1604, 187]);
    expect(tree[0]?.children[0]?.children.map((node) => node.id)).toEqual([204, 207]);
  });

  it('finds the path of a category from its vertical', () => {
    expect(categoryPathOf(207, FACETS)).toEqual([166, 1604, 207]);
    expect(categoryPathOf(166, FACETS)).toEqual([166]);
    expect(categoryPathOf(1, FACETS)).toEqual([]);
  });

  it('gives the sub-tree under a category', () => {
    const tree = buildCategoryTree(FACETS);
    expect(subtreeOf(tree, null)).toHaveLength(3);
    expect(subtreeOf(tree, 1604).map((node) => node.id)).toEqual([204, 207]);
    expect(subtreeOf(tree, 204)).toEqual([]);
    expect(subtreeOf(tree, 42)).toEqual([]);
  });
});
