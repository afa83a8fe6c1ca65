import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_ROOT } from '@/lib/paths';
import type { CategoryRow } from './category.repository';

const TAXONOMY_FILE = 'google-product-taxonomy/taxonomy-with-ids.en-US.txt';

/**
 * Spec §3 categories from the Google product taxonomy (2021-09-21): level 1 is the vertical,
 * level 2 the group, level 3 the subgroup. Deeper levels are not catalog categories.
 */
export const loadCategoryTree = (): CategoryRow[] => {
  const lines = readFileSync(path.join(DATA_ROOT, TAXONOMY_FILE), 'utf8').split('\n');
  const idByPath = new Map<string, number>();
  const rows: CategoryRow[] = [];
  for (const line of lines) {
    const match = /^(\d+) - (.+)$/.exec(line.trim());
    if (!match) continue;
    const id = Number(match[1]);
    const names = match[2]!.split(' > ').map((name) => name.trim());
    if (names.length > 3) continue;
    const fullPath = names.join(' > ');
    idByPath.set(fullPath, id);
    const parentPath = names.slice(0, -1).join(' > ');
    rows.push({
      id,
      parentId: names.length > 1 ? (idByPath.get(parentPath) ?? null) : null,
      level: names.length,
      name: names[names.length - 1]!,
      vertical: names[0]!,
      group: names[1] ?? null,
      subgroup: names[2] ?? null,
      path: fullPath,
    });
  }
  return rows;
};
