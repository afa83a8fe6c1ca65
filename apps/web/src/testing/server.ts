import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** The origin the tests' API calls go to (happy-dom's page URL in component tests). */
export const TEST_ORIGIN = 'http://localhost:3000';

/** One MSW server per test file: each test adds the handlers it needs (`handle` in handlers.ts). */
export const server = setupServer();

/** A request the mock server answered, as the server would have seen it. */
export type ReceivedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};

/** A JSON body as data; any other body (a multipart upload) as its text. */
const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * Starts the mock server for the calling test file and lists the requests it receives. Any
 * request without a handler fails the test, so nothing reaches a real network by accident.
 */
export const startMockServer = () => {
  const received: ReceivedRequest[] = [];
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      void request
        .clone()
        .text()
        .then((text) => {
          received.push({
            method: request.method,
            path: url.pathname,
            query: url.searchParams,
            headers: request.headers,
            body: text ? parseBody(text) : undefined,
          });
        });
    });
  });
  afterEach(() => {
    server.resetHandlers();
    received.length = 0;
  });
  afterAll(() => server.close());
  return {
    /** Every request received so far in this test, oldest first. */
    received,
    /** The requests with this method to one path (an endpoint's path with its parameters). */
    requestsTo: (method: string, path: string) =>
      received.filter((request) => request.method === method && request.path === path),
  };
};
