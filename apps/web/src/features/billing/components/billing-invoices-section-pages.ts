import { useState } from 'react';

/**
 * Pages of a cursor list (newest first): the cursors of the pages seen so far, so "Previous"
 * goes back without asking the server for a cursor backwards.
 */
export const useCursorPages = () => {
  // cursors[i] is the cursor of page i; page 0 has none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const pageIndex = cursors.length - 1;
  return {
    pageIndex,
    cursor: cursors[pageIndex],
    next: (nextCursor: string | null) => {
      if (nextCursor) setCursors((seen) => [...seen, nextCursor]);
    },
    previous: () => setCursors((seen) => (seen.length > 1 ? seen.slice(0, -1) : seen)),
  };
};
