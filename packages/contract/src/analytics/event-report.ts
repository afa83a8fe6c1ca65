/**
 * What the web app's reporting client needs of spec §7's analytics report, without Zod (issue
 * 10: every page reports, so none of this may pull the contract's schemas into the first load).
 * `analyticsEndpoints.reportEvent` in analytics-api.ts is the endpoint itself.
 */

/** Spec §7 analytics report. The response is not read. */
export const EVENT_REPORT_CALL = {
  method: 'POST',
  path: '/api/commons/event-analyses/report',
} as const;

/** Spec §4: page views are "Page View" for pages and "Modal View" for modals. */
export const PAGE_VIEW_EVENT = { commonType: 'page', eventName: 'Page View' } as const;
export const MODAL_VIEW_EVENT = { commonType: 'modal', eventName: 'Modal View' } as const;

/**
 * The most an event's `commonContent` and extra properties take together, as JSON text (UTF-8
 * bytes); a larger report is refused with 400 naming its largest field.
 */
export const MAX_EVENT_PROPERTIES_BYTES = 16 * 1024;

/** Spec §5: an event or page log with empty content is dropped (null, '', blanks, {} or []). */
export const isEmptyEventContent = (content: unknown): boolean => {
  if (content === null || content === undefined) return true;
  if (typeof content === 'string') return content.trim() === '';
  if (Array.isArray(content)) return content.length === 0;
  if (typeof content === 'object') return Object.keys(content).length === 0;
  return false;
};
