const TOKEN_KEY = 'atelier.sessionToken';

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

/** The bearer token of the current session, kept in localStorage so it survives reloads. */
export const browserTokenStore: TokenStore = {
  getToken: () => (hasLocalStorage() ? localStorage.getItem(TOKEN_KEY) : null),
  setToken: (token) => {
    if (hasLocalStorage()) localStorage.setItem(TOKEN_KEY, token);
  },
  clearToken: () => {
    if (hasLocalStorage()) localStorage.removeItem(TOKEN_KEY);
  },
};

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
