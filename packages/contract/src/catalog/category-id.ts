/**
 * Is `text` a category id as a query or an address writes it: up to nine digits, never 0?
 * Without Zod, for the web app's first page (issue 10); CategoryIdTextSchema uses it.
 */
export const isCategoryIdText = (text: string): boolean =>
  /^[0-9]{1,9}$/.test(text) && Number(text) > 0;
