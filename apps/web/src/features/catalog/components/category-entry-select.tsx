import { Cascader, type CascaderOption } from '@mantine/core';
import { useMemo } from 'react';
import type { CategoryNode } from '../category-tree';
import type { CategoryEntry } from '../search-state';

const toOptions = (nodes: readonly CategoryNode[]): CascaderOption[] =>
  nodes.map((node) => ({
    value: String(node.id),
    label: node.name,
    children: node.children.length > 0 ? toOptions(node.children) : undefined,
  }));

type CategoryEntrySelectProps = {
  /** Every category that has items (the unfiltered facets), as a tree. */
  tree: readonly CategoryNode[];
  entry: CategoryEntry;
  /** The ids from the vertical down; `[]` clears the entry. */
  onChoose: (path: number[]) => void;
  compact?: boolean;
};

/**
 * The category entry of a search: a vertical, group or subgroup to browse. Choosing a new one
 * resets the other filters (spec §4), which the hint says before it happens.
 */
export const CategoryEntrySelect = ({
  tree,
  entry,
  onChoose,
  compact,
}: CategoryEntrySelectProps) => {
  const data = useMemo(() => toOptions(tree), [tree]);
  const value = [entry.vertical, entry.group, entry.subgroup]
    .filter((id): id is number => id !== null)
    .map(String);
  return (
    <Cascader
      aria-label="Browse by category"
      placeholder="All categories"
      data={data}
      value={value.length > 0 ? value : null}
      onChange={(path) => onChoose((path ?? []).map(Number))}
      changeOnSelect
      clearable
      searchable
      separator=" › "
      withColumns={!compact}
      columnWidth={220}
      maxDropdownHeight={320}
      miw={compact ? undefined : 260}
      title="Choosing a category clears the other filters"
      nothingFoundMessage="No category by that name"
      // Mantine keeps a closed dropdown in the page by default: here the whole category tree,
      // about 600 elements built with every search (issue 10).
      comboboxProps={{ position: 'bottom-end', width: 'max-content', keepMounted: false }}
      data-testid="category-entry"
    />
  );
};
