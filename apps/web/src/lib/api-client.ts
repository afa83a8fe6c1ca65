import type { z } from 'zod';
import type { Endpoint } from '@atelier/contract/common/endpoint';
import {
  ERROR_MESSAGES,
  PREVIEW_MODE_MESSAGE,
  PREVIEW_MODE_REASON,
} from '@atelier/contract/common/error-catalogue';
import type { ApiErrorBody } from '@atelier/contract/common/errors';
import {
  LOGOUT_CALL,
  PARTNER_LOGOUT_CALL,
  RENEWED_TOKEN_HEADER,
} from '@atelier/contract/identity/session-calls';
import { hrefs, isPublicPath } from '@/config/paths';
import { ApiError } from './api-error';
import { showErrorToast } from './notify';
import { raisePreviewModeFlag } from './preview-mode';
import { queryClient } from './query-client';
import { browserPartnerTokenStore, browserTokenStore, type TokenStore } from './session-token';

/** Spec §9: a request gives up after two minutes. */
export const REQUEST_TIMEOUT_MS = 120_000;

type PartOf<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;

export type CallApiOptions<E extends Endpoint> = (E extends { params: z.ZodType }
  ? { params: PartOf<E, 'params'> }
  : { params?: undefined }) &
  (E extends { query: z.ZodType } ? { query?: PartOf<E, 'query'> } : { query?: undefined }) &
  (E extends { body: z.ZodType } ? { body: PartOf<E, 'body'> } : { body?: undefined }) & {
    signal?: AbortSignal;
    /** Extra request headers, e.g. a payment's `Idempotency-Key`. */
    headers?: Record<string, string>;
    /**
     * Whether a failure outside the central cases (401, 403, 5xx) is shown as a toast. A form
     * that shows the message and field errors itself passes `false`.
     */
    shouldToastError?: boolean;
  };

export type ApiResponse<E extends Endpoint> = z.output<E['response']>;

type OptionsArgs<E extends Endpoint> =
  Partial<CallApiOptions<E>> extends CallApiOptions<E>
    ? [options?: CallApiOptions<E>]
    : [options: CallApiOptions<E>];

export type ApiClientDeps = {
  fetch: typeof fetch;
  tokenStore: TokenStore;
  /** Shows an error toast. */
  notify: (message: string) => void;
  /** Drops every piece of server data held in memory (the query cache). */
  clearCachedData: () => void;
  /** Path, query and hash of the page the user is on. */
  getCurrentPath: () => string;
  /** Moves the app to an href of this site. */
  navigate: (href: string) => void;
  /** Opens the preview-mode dialog with the server's message. */
  raisePreviewMode: (message: string) => void;
  timeoutMs?: number;
  /** Where a lost session sends the user (the store's /login unless set). */
  loginHref?: (returnPath?: string) => string;
  /** The call that ends a session on the server (the store's logout unless set). */
  logoutEndpoint?: Pick<Endpoint, 'method' | 'path'>;
};

const toParamText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object'
      ? JSON.stringify(value)
      : `${value as number | boolean | bigint}`;

const buildUrl = (endpoint: Endpoint, params: unknown, query: unknown): string => {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) {
      throw new Error(`Missing path parameter "${name}" for ${endpoint.method} ${endpoint.path}`);
    }
    return encodeURIComponent(toParamText(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item !== undefined && item !== null) search.append(key, toParamText(item));
    }
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/**
 * The error of a failed answer in STYLE.md §5's shape, or undefined. The schema (and Zod) load on
 * the first failed answer, not with the app's first page (issue 10).
 */
const readErrorBody = async (response: Response): Promise<ApiErrorBody['error'] | undefined> => {
  try {
    const [body, { ApiErrorSchema }] = await Promise.all([
      response.json() as Promise<unknown>,
      import('@atelier/contract/common/errors'),
    ]);
    const parsed = ApiErrorSchema.safeParse(body);
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
};

const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError');

/**
 * The one HTTP client of the web app. It sends the bearer token, keeps a renewed token from
 * the response header, and applies the error catalogue of spec §8 in this one place.
 */
export const createApiClient = (deps: ApiClientDeps) => {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

  /** Forgets the session on this device: token and every cached answer. */
  const clearSession = () => {
    deps.tokenStore.clearToken();
    deps.clearCachedData();
  };

  const redirectToLogin = (withReturnPath: boolean) => {
    const current = deps.getCurrentPath();
    const pathname = current.split(/[?#]/, 1)[0] ?? '/';
    if (isPublicPath(pathname)) return;
    const loginHref = deps.loginHref ?? hrefs.login;
    deps.navigate(withReturnPath ? loginHref(current) : loginHref());
  };

  /** Ends the session on the server too, without waiting; a failure changes nothing here. */
  const endServerSession = (token: string) => {
    deps
      .fetch((deps.logoutEndpoint ?? LOGOUT_CALL).path, {
        method: (deps.logoutEndpoint ?? LOGOUT_CALL).method,
        headers: { Authorization: `Bearer ${token}` },
      })
      .catch(() => undefined);
  };

  const handleFailure = (
    endpoint: Endpoint,
    status: number,
    body: ApiErrorBody['error'] | undefined,
    sentToken: string | null,
    shouldToastError: boolean,
  ): ApiError => {
    const fields = {
      status,
      code: body?.code ?? (status >= 500 ? 'internal' : 'bad_request'),
      reason: body?.reason,
      details: body?.details,
      requestId: body?.requestId,
    } as const;
    // A public call (login, register) has no session to expire or end: its 401 or 403 is an
    // answer about the request, shown like any other.
    const isSessionCall = endpoint.auth !== 'public';
    const isCurrentSession = sentToken !== null && deps.tokenStore.getToken() === sentToken;

    if (status === 401 && isSessionCall) {
      // Parallel calls fail together; only the first one still holding the token reports it.
      if (isCurrentSession) {
        clearSession();
        deps.notify(ERROR_MESSAGES.sessionExpired);
      }
      if (isCurrentSession || sentToken === null) redirectToLogin(true);
      return new ApiError({ ...fields, message: ERROR_MESSAGES.sessionExpired, isHandled: true });
    }

    if (status === 403) {
      if (body?.reason === PREVIEW_MODE_REASON || body?.message === PREVIEW_MODE_MESSAGE) {
        const message = body.message || PREVIEW_MODE_MESSAGE;
        deps.raisePreviewMode(message);
        return new ApiError({ ...fields, message, isHandled: true });
      }
      if (isSessionCall) {
        deps.notify(ERROR_MESSAGES.noPermission);
        if (isCurrentSession) {
          endServerSession(sentToken);
          clearSession();
          redirectToLogin(false);
        }
        return new ApiError({ ...fields, message: ERROR_MESSAGES.noPermission, isHandled: true });
      }
    }

    if (status >= 500) {
      deps.notify(ERROR_MESSAGES.network);
      return new ApiError({ ...fields, message: ERROR_MESSAGES.network, isHandled: true });
    }

    const message = body?.message || ERROR_MESSAGES.generic;
    if (shouldToastError) deps.notify(message);
    return new ApiError({ ...fields, message, isHandled: shouldToastError });
  };

  const callApi = async <E extends Endpoint>(
    endpoint: E,
    ...[options]: OptionsArgs<E>
  ): Promise<ApiResponse<E>> => {
    const {
      params,
      query,
      body,
      signal,
      headers: extraHeaders,
      shouldToastError = true,
    } = (options ?? {}) as CallApiOptions<Endpoint>;
    const url = buildUrl(endpoint, params, query);
    const sentToken = deps.tokenStore.getToken();
    const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
    if (sentToken) headers.Authorization = `Bearer ${sentToken}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: endpoint.method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      // Spec §8 "no response": rejected without a toast. A caller's own abort stays an abort.
      if (signal?.aborted) throw error;
      throw new ApiError({
        status: null,
        code: 'network_error',
        message: isAbort(error) ? 'The request took too long.' : ERROR_MESSAGES.network,
      });
    }

    const renewedToken = response.headers.get(RENEWED_TOKEN_HEADER);
    if (renewedToken && sentToken && deps.tokenStore.getToken() === sentToken) {
      deps.tokenStore.setToken(renewedToken);
    }

    // A caller that gave up while the body was still arriving (a query whose page was left)
    // gets its abort back: a cut-off body is no error to show anyone.
    const throwIfCallerAborted = () => {
      if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
    };

    if (!response.ok) {
      const errorBody = await readErrorBody(response);
      throwIfCallerAborted();
      throw handleFailure(endpoint, response.status, errorBody, sentToken, shouldToastError);
    }

    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      throwIfCallerAborted();
      payload = undefined;
    }
    const parsed = endpoint.response.safeParse(payload);
    if (!parsed.success) {
      deps.notify(ERROR_MESSAGES.generic);
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: ERROR_MESSAGES.generic,
        isHandled: true,
      });
    }
    return parsed.data as ApiResponse<E>;
  };

  /** Keeps the token of a new session; answers cached for a previous one are dropped. */
  const startSession = (token: string) => {
    deps.clearCachedData();
    deps.tokenStore.setToken(token);
  };

  const hasSession = (): boolean => deps.tokenStore.getToken() !== null;

  return { callApi, startSession, clearSession, hasSession };
};

let navigateInApp = (href: string) => window.location.assign(href);

/** Lets the router take over navigation once it exists (a full page load until then). */
export const setApiNavigator = (navigate: (href: string) => void) => {
  navigateInApp = navigate;
};

const browserClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  tokenStore: browserTokenStore,
  notify: showErrorToast,
  clearCachedData: () => queryClient.clear(),
  getCurrentPath: () =>
    `${window.location.pathname}${window.location.search}${window.location.hash}`,
  navigate: (href) => navigateInApp(href),
  raisePreviewMode: raisePreviewModeFlag,
});

export const callApi = browserClient.callApi;
export const startSession = browserClient.startSession;
export const clearSession = browserClient.clearSession;
export const hasSession = browserClient.hasSession;

/**
 * The supplier workspace's client (`/partner/...`): its own token, kept apart from a store
 * session in the same browser, and its own login page.
 */
const partnerClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  tokenStore: browserPartnerTokenStore,
  notify: showErrorToast,
  clearCachedData: () => queryClient.clear(),
  getCurrentPath: () =>
    `${window.location.pathname}${window.location.search}${window.location.hash}`,
  navigate: (href) => navigateInApp(href),
  raisePreviewMode: raisePreviewModeFlag,
  loginHref: hrefs.partnerLogin,
  logoutEndpoint: PARTNER_LOGOUT_CALL,
});

export const callPartnerApi = partnerClient.callApi;
export const startPartnerSession = partnerClient.startSession;
export const clearPartnerSession = partnerClient.clearSession;
export const hasPartnerSession = partnerClient.hasSession;
