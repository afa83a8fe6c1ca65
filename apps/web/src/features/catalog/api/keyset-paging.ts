/** Paging of the catalog's keyset lists: a page's `nextCursor` goes back as `cursor`. */
export const keysetPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: { nextCursor?: string | null }) => page.nextCursor ?? undefined,
};
