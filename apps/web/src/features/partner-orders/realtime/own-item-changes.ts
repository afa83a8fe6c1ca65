/** How long after its answer a change this tab made is still taken for the socket's echo of it. */
const ECHO_WINDOW_MS = 10_000;

/** Items this tab is changing or just changed: id → until when (ms; Infinity while pending). */
const ownChanges = new Map<string, number>();

/**
 * This tab starts changing an item (ship, cancel answers). The server announces every change on
 * the socket, the supplier's own included, and may do so before the request's answer arrives.
 */
export const startOwnItemChange = (itemId: string) => {
  ownChanges.set(itemId, Number.POSITIVE_INFINITY);
};

/** The request is answered (or failed): its echo is still recognised for a few seconds. */
export const endOwnItemChange = (itemId: string) => {
  ownChanges.set(itemId, Date.now() + ECHO_WINDOW_MS);
};

/** Whether every item of an `orders:updated` event is one this tab changed itself just now. */
export const isOwnItemChange = (itemIds: readonly string[]): boolean => {
  const now = Date.now();
  for (const [itemId, until] of ownChanges) if (until <= now) ownChanges.delete(itemId);
  return itemIds.length > 0 && itemIds.every((itemId) => ownChanges.has(itemId));
};
