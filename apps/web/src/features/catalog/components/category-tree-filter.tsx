import { ActionIcon, Box, Checkbox, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { CategoryNode } from '../category-tree';

type CategoryTreeFilterProps = {
  nodes: readonly CategoryNode[];
  selectedIds: readonly number[];
  onToggle: (categoryId: number) => void;
};

type RowProps = Omit<CategoryTreeFilterProps, 'nodes'> & {
  node: CategoryNode;
  depth: number;
  expanded: ReadonlySet<number>;
  onExpand: (categoryId: number) => void;
};

const CategoryRow = ({ node, depth, expanded, onExpand, selectedIds, onToggle }: RowProps) => {
  const isExpanded = expanded.has(node.id);
  const hasChildren = node.children.length > 0;
  return (
    <Box
      role="treeitem"
      aria-expanded={hasChildren ? isExpanded : undefined}
      aria-level={depth + 1}
    >
      {/* 24 px buttons 8 px apart from the 16 px boxes: WCAG 2.5.8 target size and spacing. */}
      <Group gap={8} wrap="nowrap" pl={depth * 16} py={2}>
        {hasChildren ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size={24}
            onClick={() => onExpand(node.id)}
            aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${node.name}`}
          >
            <IconChevronRight
              size={14}
              style={{
                transform: isExpanded ? 'rotate(90deg)' : undefined,
                transition: 'transform 120ms',
              }}
            />
          </ActionIcon>
        ) : (
          <Box w={24} />
        )}
        <Checkbox
          size="xs"
          label={node.name}
          checked={selectedIds.includes(node.id)}
          onChange={() => onToggle(node.id)}
          styles={{ body: { alignItems: 'center' }, label: { paddingInlineStart: 6 } }}
          flex={1}
        />
        <Text size="xs" c="dimmed" aria-label={`${node.count} items`}>
          {node.count}
        </Text>
      </Group>
      {hasChildren ? (
        <Collapse expanded={isExpanded} keepMounted={false}>
          <Stack gap={0} role="group">
            {node.children.map((child) => (
              <CategoryRow
                key={child.id}
                node={child}
                depth={depth + 1}
                expanded={expanded}
                onExpand={onExpand}
                selectedIds={selectedIds}
                onToggle={onToggle}
              />
            ))}
          </Stack>
        </Collapse>
      ) : null}
    </Box>
  );
};

/**
 * Spec §3/§4 category filter: vertical > group > subgroup with item counts; ticking a category
 * adds its id to the search, unticking removes it.
 */
export const CategoryTreeFilter = ({ nodes, selectedIds, onToggle }: CategoryTreeFilterProps) => {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(
    () => new Set(nodes.length <= 2 ? nodes.map((node) => node.id) : []),
  );
  const onExpand = (categoryId: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(categoryId)) next.delete(categoryId);
      else next.add(categoryId);
      return next;
    });

  if (nodes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No categories to narrow down.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Stack gap={0} role="tree" aria-label="Categories">
        {nodes.map((node) => (
          <CategoryRow
            key={node.id}
            node={node}
            depth={0}
            expanded={expanded}
            onExpand={onExpand}
            selectedIds={selectedIds}
            onToggle={onToggle}
          />
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        Numbers count matching products.
      </Text>
    </Stack>
  );
};
