import type { z } from 'zod';
import type { CategoryFacetSchema } from '@atelier/contract/catalog/item';

export type CategoryFacet = z.infer<typeof CategoryFacetSchema>;

/** A category with its sub-categories: vertical (level 1) > group (2) > subgroup (3). */
export type CategoryNode = {
  id: number;
  name: string;
  level: number;
  count: number;
  children: CategoryNode[];
};

/**
 * The facet list of the API as a tree, in the API's order (most items first). A facet whose
 * parent is not in the list becomes a root, so nothing is lost.
 */
export const buildCategoryTree = (facets: readonly CategoryFacet[]): CategoryNode[] => {
  const nodes = new Map<number, CategoryNode>();
  for (const facet of facets) {
    nodes.set(facet.categoryId, {
      id: facet.categoryId,
      name: facet.name,
      level: facet.level,
      count: facet.count,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const facet of facets) {
    const node = nodes.get(facet.categoryId);
    if (!node) continue;
    const parent = facet.parentId === null ? undefined : nodes.get(facet.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
};

/** The ids from the vertical down to `id` (`[166, 1604, 204]`), or `[]` when unknown. */
export const categoryPathOf = (id: number, facets: readonly CategoryFacet[]): number[] => {
  const byId = new Map(facets.map((facet) => [facet.categoryId, facet]));
  const path: number[] = [];
  let current = byId.get(id);
  while (current && !path.includes(current.categoryId)) {
    path.unshift(current.categoryId);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path;
};

/** The sub-tree under `id` (its children), or the whole forest for `null`. */
export const subtreeOf = (roots: readonly CategoryNode[], id: number | null): CategoryNode[] => {
  if (id === null) return [...roots];
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) break;
    if (node.id === id) return node.children;
    stack.push(...node.children);
  }
  return [];
};
