/**
 * Issue 11 customers: the codes a page needs without loading Zod (issue 10's first-page rule).
 * `customer.ts` builds the schemas on these lists.
 */

/** LAST_ORDER: most recent buyers first; TOTAL_SPENT: biggest spenders first. */
export const CUSTOMER_SORTS = ['LAST_ORDER', 'TOTAL_SPENT'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
