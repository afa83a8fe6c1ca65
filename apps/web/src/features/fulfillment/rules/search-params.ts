/** /fulfillment-rules tabs: the rules, or the held orders (`?tab=held`). */
export type FulfillmentRulesSearch = { tab?: 'held' };

export const validateFulfillmentRulesSearch = (
  raw: Record<string, unknown>,
): FulfillmentRulesSearch => (raw.tab === 'held' ? { tab: 'held' } : {});
