import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP call of the platform: method, full path (Fastify `:param` syntax, under `/api`) and
 * the Zod schemas of its parts. Used by the server for validation and OpenAPI, and by the web
 * client for types.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  /**
   * `public` endpoints need no session; `optional` ones answer anyone but know a signed-in caller
   * (a bad token is still a 401); `supplier` endpoints (`/api/partner/...`) need a supplier
   * session; every other endpoint needs a store session's bearer token. A session of the other
   * party is refused with 403 reason `wrong_party`.
   */
  auth?: 'public' | 'optional' | 'session' | 'supplier';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Status of a successful answer; 200 unless given. */
  successStatus?: 200 | 201 | 202 | 204;
  summary?: string;
  tags?: readonly string[];
};

/** Returns its argument typed `as const`, so every call site keeps exact schemas. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;
