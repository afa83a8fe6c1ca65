const TOKEN_KEY = 'atelier.sessionToken';
const PARTNER_TOKEN_KEY = 'atelier.partnerSessionToken';

export type TokenStore = {
  getToken: () => string | null;
  setToken: (token: string) => void;
  clearToken: () => void;
};

const hasLocalStorage = (): boolean => {
  try {
    return typeof localStorage !== 'undefined';
  } catch {
    // Storage can throw when the browser blocks site data.
    return false;
  }
};

const localStorageTokenStore = (key: string): TokenStore => ({
  getToken: () => (hasLocalStorage() ? localStorage.getItem(key) : null),
  setToken: (token) => {
    if (hasLocalStorage()) localStorage.setItem(key, token);
  },
  clearToken: () => {
    if (hasLocalStorage()) localStorage.removeItem(key);
  },
});

/** The bearer token of the current session, kept in localStorage so it survives reloads. */
export const browserTokenStore: TokenStore = localStorageTokenStore(TOKEN_KEY);

/** The supplier workspace's session token, apart from a store session in the same browser. */
export const browserPartnerTokenStore: TokenStore = localStorageTokenStore(PARTNER_TOKEN_KEY);

/** A token store in memory, for tests. */
export const createMemoryTokenStore = (initial: string | null = null): TokenStore => {
  let token = initial;
  return {
    getToken: () => token,
    setToken: (next) => {
      token = next;
    },
    clearToken: () => {
      token = null;
    },
  };
};
