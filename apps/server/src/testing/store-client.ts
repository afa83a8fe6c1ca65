import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { expectApiError } from './api-error';
import type { StoreAccount } from './factories';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls one app's API as a store account, for route tests: `send` injects a request with the
 * account's headers (and a JSON body when given); `ok` asserts a 2xx answer and returns its
 * body; `refused` asserts the STYLE.md §5 error of `status` with its code (and reason), and that
 * `field` is among the details' fields when given. `app` is read at call time (beforeAll sets it).
 */
export const storeClient = (app: () => Pick<FastifyInstance, 'inject'>) => {
  const send = (account: StoreAccount, method: HttpMethod, url: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      headers: account.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async <T>(account: StoreAccount, method: HttpMethod, url: string, body?: unknown) => {
    const response = await send(account, method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  };
  const refused = (
    response: LightMyRequestResponse,
    status: number,
    { field, ...expected }: { code: string; reason?: string; field?: string },
  ) => {
    const error = expectApiError(response, status, expected);
    if (field) expect(error.details?.map((detail) => detail.field)).toContain(field);
    return error;
  };
  return { send, ok, refused };
};

/** A contract path with its `:params` filled in: pathOf('/a/:id', { id: 'x' }) is '/a/x'. */
export const pathOf = (template: string, params: Record<string, string>) =>
  Object.entries(params).reduce((out, [key, value]) => out.replace(`:${key}`, value), template);
