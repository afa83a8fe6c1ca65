import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import type { Endpoint } from '@atelier/contract/common/endpoint';
import type { ApiErrorBody } from '@atelier/contract/common/errors';
import { TEST_ORIGIN } from './server';

type Input<E extends Endpoint> = {
  params: E extends { params: z.ZodType } ? z.output<E['params']> : Record<string, never>;
  query: E extends { query: z.ZodType } ? z.output<E['query']> : Record<string, never>;
  body: E extends { body: z.ZodType } ? z.output<E['body']> : undefined;
  request: Request;
};

type Answer<E extends Endpoint> = z.input<E['response']> | Response;

type HandleOptions = {
  /** Holds the answer back (ms, or until the test ends with `'infinite'`). */
  delayMs?: number | 'infinite';
  /** Answers only this many times, then the next handler (or a later `handle`) answers. */
  once?: boolean;
};

/** The endpoint's URL on the test origin, in MSW's syntax (the contract's `:param` is MSW's too). */
export const urlOf = (endpoint: Endpoint) => `${TEST_ORIGIN}${endpoint.path}`;

const fail = (endpoint: Endpoint, part: string, error: z.ZodError) =>
  new Error(
    `${endpoint.method} ${endpoint.path}: the ${part} breaks the contract: ${error.message}`,
  );

const searchObject = (url: URL): Record<string, string> => Object.fromEntries(url.searchParams);

/**
 * Answers one contract endpoint. The request's params, query and body are parsed with the
 * endpoint's own schemas (a request the server would refuse fails the test), and the answer is
 * checked against its response schema, so the mocks cannot drift from the contract.
 */
export const handle = <E extends Endpoint>(
  endpoint: E,
  resolve: (input: Input<E>) => Answer<E> | Promise<Answer<E>>,
  options: HandleOptions = {},
) =>
  http[endpoint.method.toLowerCase() as Lowercase<Endpoint['method']>](
    urlOf(endpoint),
    async ({ request, params }) => {
      const url = new URL(request.url);
      const parsedParams = endpoint.params?.safeParse(params);
      if (parsedParams && !parsedParams.success) throw fail(endpoint, 'path', parsedParams.error);
      const parsedQuery = endpoint.query?.safeParse(searchObject(url));
      if (parsedQuery && !parsedQuery.success) throw fail(endpoint, 'query', parsedQuery.error);
      const text = await request.clone().text();
      const parsedBody = endpoint.body?.safeParse(text ? JSON.parse(text) : undefined);
      if (parsedBody && !parsedBody.success) throw fail(endpoint, 'body', parsedBody.error);

      if (options.delayMs !== undefined) await delay(options.delayMs);
      const answer = await resolve({
        params: (parsedParams?.data ?? {}) as Input<E>['params'],
        query: (parsedQuery?.data ?? {}) as Input<E>['query'],
        body: parsedBody?.data as Input<E>['body'],
        request,
      });
      if (answer instanceof Response) return answer;
      const checked = endpoint.response.safeParse(answer);
      if (!checked.success) throw fail(endpoint, 'mocked response', checked.error);
      return HttpResponse.json(answer as never, { status: endpoint.successStatus ?? 200 });
    },
    { once: options.once ?? false },
  );

/** An error answer in the one shape every endpoint uses (spec §8, STYLE §5). */
export const errorResponse = (
  status: number,
  error: Omit<ApiErrorBody['error'], 'requestId'>,
): HttpResponse<ApiErrorBody> =>
  HttpResponse.json({ error: { ...error, requestId: 'req_test' } }, { status });
