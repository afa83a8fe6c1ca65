/** Who holds a socket: a store's user or a supplier company's member, and their session. */
export type SocketPrincipal =
  | { kind: 'STORE'; storeId: string; userId: string; name: string; sessionId: string }
  | { kind: 'SUPPLIER'; companyId: string; userId: string; name: string; sessionId: string };

/** Socket.IO room names: one per store, supplier company and session. */
export const storeRoom = (storeId: string) => `store:${storeId}`;
export const companyRoom = (companyId: string) => `company:${companyId}`;
/** The sockets of one session (closed when it logs out); keyed by id, never by the token. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export const principalRoom = (
  principal: { kind: 'STORE'; storeId: string } | { kind: 'SUPPLIER'; companyId: string },
): string =>
  principal.kind === 'STORE' ? storeRoom(principal.storeId) : companyRoom(principal.companyId);
