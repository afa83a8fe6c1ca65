import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, PREVIEW_MODE_MESSAGE } from '@atelier/contract/common/errors';
import {
  type CurrentUser,
  getCurrentUser,
  login,
  logout,
  RENEWED_TOKEN_HEADER,
} from '@atelier/contract/identity/account';
import { updateStoreProfile } from '@atelier/contract/identity/store';
import { cancelTeamInvite } from '@atelier/contract/identity/team';
import { errorResponse, handle } from '@/testing/handlers';
import { server, startMockServer, TEST_ORIGIN } from '@/testing/server';
import { createApiClient } from './api-client';
import { ApiError, listFieldErrors } from './api-error';
import { createMemoryTokenStore } from './session-token';

const aCurrentUser = (): CurrentUser => ({
  user: { id: 'usr_1', email: 'maker@example.com', name: 'Maker', username: 'maker' },
  store: {
    id: 'sto_1',
    title: 'Maker Goods',
    planType: 'TIER_1',
    isPreviewAccount: false,
    accountType: 'CREATOR',
    usageStyle: 'WITH_AI_ASSISTANTS',
  },
  role: 'OWNER',
  featureFlags: {
    analyticsAccess: true,
    fulfillmentMetrics: true,
    productDesign: true,
    emailCapture: true,
    fulfillment: true,
  },
  memberships: [],
});

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const anErrorBody = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message, requestId: 'req_1', ...extra },
});

const setUp = (options: { token?: string | null; currentPath?: string } = {}) => {
  const fetchMock = vi.fn<typeof fetch>();
  const tokenStore = createMemoryTokenStore(
    options.token === undefined ? 'tok_current' : options.token,
  );
  const deps = {
    fetch: fetchMock,
    tokenStore,
    notify: vi.fn<(message: string) => void>(),
    clearCachedData: vi.fn<() => void>(),
    getCurrentPath: () => options.currentPath ?? '/account-info?tab=team',
    navigate: vi.fn<(href: string) => void>(),
    raisePreviewMode: vi.fn<(message: string) => void>(),
  };
  const client = createApiClient(deps);
  return { ...deps, client };
};

const requestOf = (fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, index = 0) => {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`fetch was not called ${index + 1} time(s)`);
  const [input, init] = call;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
};

describe('callApi', () => {
  it('sends the bearer token and returns the parsed response', async () => {
    const { client, fetch } = setUp();
    fetch.mockResolvedValue(jsonResponse(200, aCurrentUser()));

    const user = await client.callApi(getCurrentUser);

    expect(user.store.title).toBe('Maker Goods');
    const request = requestOf(fetch);
    expect(request.url).toBe('/api/web/auth/me');
    expect(request.init.method).toBe('GET');
    expect(request.headers.get('Authorization')).toBe('Bearer tok_current');
    expect(request.init.body).toBeNull();
  });

  it('fills path parameters and sends a JSON body', async () => {
    const { client, fetch } = setUp();
    fetch.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    await client.callApi(cancelTeamInvite, { params: { id: 'tm/1 2' } });
    expect(requestOf(fetch).url).toBe('/api/web/team-invites/tm%2F1%202');
    expect(requestOf(fetch).init.method).toBe('DELETE');

    fetch.mockResolvedValueOnce(jsonResponse(401, anErrorBody('unauthenticated', 'No.')));
    await client
      .callApi(login, { body: { email: 'a@b.co', password: 'secret-pass' } })
      .catch(() => undefined);
    const loginRequest = requestOf(fetch, 1);
    expect(loginRequest.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(loginRequest.init.body as string)).toEqual({
      email: 'a@b.co',
      password: 'secret-pass',
    });
  });

  it('sends extra headers, never in place of the session token', async () => {
    const { client, fetch } = setUp();
    fetch.mockResolvedValue(jsonResponse(200, aCurrentUser()));
    await client.callApi(getCurrentUser, {
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer forged' },
    });
    expect(requestOf(fetch).headers.get('Idempotency-Key')).toBe('key-1');
    expect(requestOf(fetch).headers.get('Authorization')).toBe('Bearer tok_current');
  });

  it('keeps a renewed token from the response header and uses it from then on', async () => {
    const { client, fetch, tokenStore } = setUp();
    fetch.mockResolvedValueOnce(
      jsonResponse(200, aCurrentUser(), { [RENEWED_TOKEN_HEADER]: 'tok_renewed' }),
    );
    fetch.mockResolvedValueOnce(jsonResponse(200, aCurrentUser()));

    await client.callApi(getCurrentUser);
    await client.callApi(getCurrentUser);

    expect(tokenStore.getToken()).toBe('tok_renewed');
    expect(requestOf(fetch, 1).headers.get('Authorization')).toBe('Bearer tok_renewed');
  });

  describe('on 401', () => {
    it('shows the session toast, clears stored data and sends to /login with the return path', async () => {
      const { client, fetch, tokenStore, notify, clearCachedData, navigate } = setUp();
      fetch.mockResolvedValue(
        jsonResponse(401, anErrorBody('unauthenticated', 'Your session has expired.')),
      );

      const error = await client.callApi(getCurrentUser).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, code: 'unauthenticated', isHandled: true });
      expect(notify).toHaveBeenCalledExactlyOnceWith(ERROR_MESSAGES.sessionExpired);
      expect(tokenStore.getToken()).toBeNull();
      expect(clearCachedData).toHaveBeenCalledOnce();
      expect(navigate).toHaveBeenCalledExactlyOnceWith(
        '/login?redirect=%2Faccount-info%3Ftab%3Dteam',
      );
    });

    it('stays on a public page', async () => {
      const { client, fetch, notify, navigate, tokenStore } = setUp({
        currentPath: '/preview-catalog-item/item_1',
      });
      fetch.mockResolvedValue(jsonResponse(401, anErrorBody('unauthenticated', 'Expired.')));

      await expect(client.callApi(getCurrentUser)).rejects.toBeInstanceOf(ApiError);

      expect(notify).toHaveBeenCalledWith(ERROR_MESSAGES.sessionExpired);
      expect(tokenStore.getToken()).toBeNull();
      expect(navigate).not.toHaveBeenCalled();
    });

    it('reports parallel failures of the same session once', async () => {
      const { client, fetch, notify, navigate } = setUp();
      fetch.mockImplementation(async () =>
        jsonResponse(401, anErrorBody('unauthenticated', 'Expired.')),
      );

      await Promise.allSettled([
        client.callApi(getCurrentUser),
        client.callApi(getCurrentUser),
        client.callApi(getCurrentUser),
      ]);

      expect(notify).toHaveBeenCalledOnce();
      expect(navigate).toHaveBeenCalledOnce();
    });

    it('treats a failed login as an answer, not an expired session', async () => {
      const { client, fetch, notify, navigate, tokenStore } = setUp({ token: null });
      fetch.mockResolvedValue(
        jsonResponse(
          401,
          anErrorBody('unauthenticated', 'The e-mail or password is wrong.', {
            reason: 'invalid_credentials',
          }),
        ),
      );

      const error = await client
        .callApi(login, {
          body: { email: 'a@b.co', password: 'wrong-pass' },
          shouldToastError: false,
        })
        .catch((caught: unknown) => caught);

      expect(error).toMatchObject({
        status: 401,
        reason: 'invalid_credentials',
        message: 'The e-mail or password is wrong.',
        isHandled: false,
      });
      expect(notify).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
      expect(tokenStore.getToken()).toBeNull();
    });
  });

  describe('on 403', () => {
    it('raises the preview-mode flag for the preview-mode code and keeps the session', async () => {
      const { client, fetch, notify, raisePreviewMode, tokenStore, navigate } = setUp();
      fetch.mockResolvedValue(
        jsonResponse(
          403,
          anErrorBody('forbidden', PREVIEW_MODE_MESSAGE, { reason: 'preview_mode' }),
        ),
      );

      const error = await client
        .callApi(updateStoreProfile, { body: { title: 'New' } })
        .catch((caught: unknown) => caught);

      expect(error).toMatchObject({ status: 403, reason: 'preview_mode', isHandled: true });
      expect(raisePreviewMode).toHaveBeenCalledExactlyOnceWith(PREVIEW_MODE_MESSAGE);
      expect(notify).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
      expect(tokenStore.getToken()).toBe('tok_current');
    });

    it('otherwise shows the permission toast and logs out', async () => {
      const { client, fetch, notify, tokenStore, clearCachedData, navigate } = setUp();
      fetch.mockResolvedValueOnce(
        jsonResponse(403, anErrorBody('forbidden', 'Your role does not allow this.')),
      );
      fetch.mockResolvedValueOnce(jsonResponse(200, { ok: true }));

      const error = await client
        .callApi(updateStoreProfile, { body: { title: 'New' } })
        .catch((caught: unknown) => caught);

      expect(error).toMatchObject({ status: 403, message: ERROR_MESSAGES.noPermission });
      expect(notify).toHaveBeenCalledExactlyOnceWith(ERROR_MESSAGES.noPermission);
      expect(tokenStore.getToken()).toBeNull();
      expect(clearCachedData).toHaveBeenCalled();
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
      const logoutRequest = requestOf(fetch, 1);
      expect(logoutRequest.url).toBe('/api/web/auth/logout');
      expect(logoutRequest.headers.get('Authorization')).toBe('Bearer tok_current');
    });
  });

  it('shows the network toast on 500', async () => {
    const { client, fetch, notify } = setUp();
    fetch.mockResolvedValue(jsonResponse(500, anErrorBody('internal', 'Boom at line 3')));

    const error = await client.callApi(getCurrentUser).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 500, message: ERROR_MESSAGES.network });
    expect(notify).toHaveBeenCalledExactlyOnceWith(ERROR_MESSAGES.network);
  });

  it('shows the network toast for a gateway error without a JSON body', async () => {
    const { client, fetch, notify } = setUp();
    fetch.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(client.callApi(getCurrentUser)).rejects.toMatchObject({ status: 502 });
    expect(notify).toHaveBeenCalledWith(ERROR_MESSAGES.network);
  });

  it("shows the server's message for any other failure", async () => {
    const { client, fetch, notify } = setUp();
    fetch.mockResolvedValue(
      jsonResponse(409, anErrorBody('conflict', 'This e-mail is already on the team.')),
    );

    await expect(client.callApi(getCurrentUser)).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'This e-mail is already on the team.',
      isHandled: true,
    });
    expect(notify).toHaveBeenCalledExactlyOnceWith('This e-mail is already on the team.');
  });

  it('falls back to the generic message when the failure has no usable body', async () => {
    const { client, fetch, notify } = setUp();
    fetch.mockResolvedValue(new Response('not json', { status: 404 }));

    await expect(client.callApi(getCurrentUser)).rejects.toMatchObject({
      status: 404,
      message: ERROR_MESSAGES.generic,
    });
    expect(notify).toHaveBeenCalledWith(ERROR_MESSAGES.generic);
  });

  it('leaves the message to the caller that asks for it', async () => {
    const { client, fetch, notify } = setUp();
    fetch.mockResolvedValue(
      jsonResponse(
        400,
        anErrorBody('bad_request', 'The request is invalid.', {
          details: [
            { field: 'body.email', message: 'Enter an e-mail address.' },
            { field: 'body.password', message: 'Too short.' },
          ],
        }),
      ),
    );

    const error = await client
      .callApi(login, { body: { email: 'x', password: 'y' }, shouldToastError: false })
      .catch((caught: unknown) => caught);

    expect(notify).not.toHaveBeenCalled();
    expect(error).toMatchObject({ isHandled: false, code: 'bad_request' });
    expect(listFieldErrors(error)).toEqual({
      email: 'Enter an e-mail address.',
      password: 'Too short.',
    });
  });

  it('rejects without a toast when no response arrives', async () => {
    const { client, fetch, notify, navigate } = setUp();
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(client.callApi(getCurrentUser)).rejects.toMatchObject({
      status: null,
      code: 'network_error',
      isHandled: false,
    });
    expect(notify).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("passes the caller's own abort through untouched", async () => {
    const { client, fetch } = setUp();
    const controller = new AbortController();
    fetch.mockImplementation(async () => {
      controller.abort();
      throw new DOMException('Aborted', 'AbortError');
    });

    await expect(
      client.callApi(getCurrentUser, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(DOMException);
  });

  it('says nothing when the caller gives up while the answer is still being read', async () => {
    const { client, fetch, notify } = setUp();
    const controller = new AbortController();
    // The headers have arrived; the body is cut off by the caller's abort (a query whose page
    // was left), as the browser does: reading it rejects with an AbortError.
    fetch.mockImplementation(async () => {
      const response = jsonResponse(200, aCurrentUser());
      vi.spyOn(response, 'json').mockImplementation(async () => {
        controller.abort();
        throw new DOMException('Aborted', 'AbortError');
      });
      return response;
    });

    await expect(
      client.callApi(getCurrentUser, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(DOMException);
    expect(notify).not.toHaveBeenCalled();

    // The same with a failed answer whose error body is being read.
    fetch.mockImplementation(async () => {
      const response = jsonResponse(422, anErrorBody('unprocessable', 'Nope.'));
      vi.spyOn(response, 'json').mockImplementation(async () => {
        controller.abort();
        throw new DOMException('Aborted', 'AbortError');
      });
      return response;
    });
    await expect(
      client.callApi(getCurrentUser, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(DOMException);
    expect(notify).not.toHaveBeenCalled();
  });

  it('refuses a success body the contract does not accept', async () => {
    const { client, fetch, notify } = setUp();
    fetch.mockResolvedValue(jsonResponse(200, { user: 'nobody' }));

    await expect(client.callApi(getCurrentUser)).rejects.toMatchObject({
      code: 'invalid_response',
    });
    expect(notify).toHaveBeenCalledWith(ERROR_MESSAGES.generic);
  });
});

describe('startSession and clearSession', () => {
  it('keep the token of a new session and drop the previous answers', () => {
    const { client, tokenStore, clearCachedData } = setUp({ token: null });
    client.startSession('tok_new');
    expect(tokenStore.getToken()).toBe('tok_new');
    expect(client.hasSession()).toBe(true);
    expect(clearCachedData).toHaveBeenCalledOnce();

    client.clearSession();
    expect(client.hasSession()).toBe(false);
    expect(clearCachedData).toHaveBeenCalledTimes(2);
  });
});

describe('callApi over the network', () => {
  const { requestsTo } = startMockServer();

  /** A client whose calls go through the real fetch to the mock server, as in the browser. */
  const setUpNetwork = (token: string | null = 'tok_current') => {
    const deps = {
      // The client calls relative paths, as a page does; Node's fetch needs the origin.
      fetch: ((input, init) =>
        fetch(
          typeof input === 'string' ? new URL(input, TEST_ORIGIN) : input,
          init,
        )) as typeof fetch,
      tokenStore: createMemoryTokenStore(token),
      notify: vi.fn<(message: string) => void>(),
      clearCachedData: vi.fn<() => void>(),
      getCurrentPath: () => '/account-info?tab=team',
      navigate: vi.fn<(href: string) => void>(),
      raisePreviewMode: vi.fn<(message: string) => void>(),
    };
    return { ...deps, client: createApiClient(deps) };
  };

  it('sends the bearer token and keeps the renewed one the server returns', async () => {
    server.use(
      handle(getCurrentUser, () =>
        HttpResponse.json(aCurrentUser(), { headers: { [RENEWED_TOKEN_HEADER]: 'tok_renewed' } }),
      ),
    );
    const { client, tokenStore } = setUpNetwork();

    const user = await client.callApi(getCurrentUser);

    expect(user.store.title).toBe('Maker Goods');
    expect(requestsTo('GET', getCurrentUser.path)[0]?.headers.get('authorization')).toBe(
      'Bearer tok_current',
    );
    expect(tokenStore.getToken()).toBe('tok_renewed');
  });

  it('401: ends the session, says it expired and sends to /login with the return path', async () => {
    server.use(
      handle(getCurrentUser, () =>
        errorResponse(401, { code: 'unauthenticated', message: 'Token expired.' }),
      ),
    );
    const { client, tokenStore, notify, clearCachedData, navigate } = setUpNetwork();

    await expect(client.callApi(getCurrentUser)).rejects.toMatchObject({
      status: 401,
      message: ERROR_MESSAGES.sessionExpired,
    });
    expect(tokenStore.getToken()).toBeNull();
    expect(clearCachedData).toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith(ERROR_MESSAGES.sessionExpired);
    expect(navigate).toHaveBeenCalledWith(
      `/login?redirect=${encodeURIComponent('/account-info?tab=team')}`,
    );
  });

  it('403 preview mode: opens the preview dialog and keeps the session', async () => {
    server.use(
      handle(updateStoreProfile, () =>
        errorResponse(403, {
          code: 'forbidden',
          message: PREVIEW_MODE_MESSAGE,
          reason: 'preview_mode',
        }),
      ),
    );
    const { client, tokenStore, raisePreviewMode, notify } = setUpNetwork();

    await expect(
      client.callApi(updateStoreProfile, { body: { title: 'New title' } }),
    ).rejects.toMatchObject({ status: 403, message: PREVIEW_MODE_MESSAGE });
    expect(raisePreviewMode).toHaveBeenCalledWith(PREVIEW_MODE_MESSAGE);
    expect(notify).not.toHaveBeenCalled();
    expect(tokenStore.getToken()).toBe('tok_current');
  });

  it('403 otherwise: says there is no permission, logs out on the server and here', async () => {
    server.use(
      handle(cancelTeamInvite, () =>
        errorResponse(403, { code: 'forbidden', message: 'Owners only.' }),
      ),
      handle(logout, () => ({ ok: true })),
    );
    const { client, tokenStore, notify, navigate } = setUpNetwork();

    await expect(
      client.callApi(cancelTeamInvite, { params: { id: 'inv_1' } }),
    ).rejects.toMatchObject({ status: 403, message: ERROR_MESSAGES.noPermission });
    expect(notify).toHaveBeenCalledWith(ERROR_MESSAGES.noPermission);
    expect(tokenStore.getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    await vi.waitFor(() => expect(requestsTo('POST', logout.path)).toHaveLength(1));
  });

  it.each([500, 502, 503])('%i: shows the network message', async (status) => {
    server.use(
      handle(getCurrentUser, () => errorResponse(status, { code: 'internal', message: 'Boom.' })),
    );
    const { client, notify } = setUpNetwork();

    await expect(client.callApi(getCurrentUser)).rejects.toMatchObject({
      status,
      message: ERROR_MESSAGES.network,
    });
    expect(notify).toHaveBeenCalledWith(ERROR_MESSAGES.network);
  });

  it("any other failure: shows the server's message and keeps its reason for the screen", async () => {
    server.use(
      handle(updateStoreProfile, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'That name is taken.',
          reason: 'store_title_taken',
        }),
      ),
    );
    const { client, notify } = setUpNetwork();

    await expect(
      client.callApi(updateStoreProfile, { body: { title: 'Taken' } }),
    ).rejects.toMatchObject({ status: 409, code: 'conflict', reason: 'store_title_taken' });
    expect(notify).toHaveBeenCalledWith('That name is taken.');
  });

  it('no response: rejects with the network message and no toast', async () => {
    server.use(handle(getCurrentUser, () => HttpResponse.error()));
    const { client, notify } = setUpNetwork();

    await expect(client.callApi(getCurrentUser)).rejects.toMatchObject({
      status: null,
      code: 'network_error',
      message: ERROR_MESSAGES.network,
    });
    expect(notify).not.toHaveBeenCalled();
  });
});
