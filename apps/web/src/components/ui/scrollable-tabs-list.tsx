import { Tabs, type TabsListProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';

/**
 * A `Tabs.List` that stays one row (issue 10: phone widths): tabs keep their width and the row
 * scrolls sideways inside itself when they do not fit, bringing the active tab into view. The page
 * itself never scrolls sideways.
 */
export const ScrollableTabsList = ({ style, children, ...props }: TabsListProps) => {
  const listRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[role="tab"][data-active]');
    if (!list || !active) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = active.getBoundingClientRect();
    // Scrolls the row only, never the page (scrollIntoView would scroll the page too).
    if (tabBox.left < listBox.left) list.scrollLeft -= listBox.left - tabBox.left;
    else if (tabBox.right > listBox.right) list.scrollLeft += tabBox.right - listBox.right;
  });
  return (
    <Tabs.List
      ref={listRef}
      data-scrollable-tabs
      style={{
        flexWrap: 'nowrap',
        overflowX: 'auto',
        scrollbarWidth: 'none',
        // The list's own underline scrolls away with the tabs; this one spans the row.
        boxShadow: 'inset 0 calc(-1 * var(--tabs-list-border-width)) 0 var(--tab-border-color)',
        ...style,
      }}
      {...props}
    >
      {children}
    </Tabs.List>
  );
};
