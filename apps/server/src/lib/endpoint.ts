import type { Endpoint } from '@atelier/contract/common/endpoint';

type Security = { [scheme: string]: string[] }[];

/** OpenAPI security: none, optional (anonymous or bearer) or a required bearer token. */
const securityOf = (endpoint: Endpoint): Security => {
  if (endpoint.auth === 'public') return [];
  if (endpoint.auth === 'optional') return [{}, { bearerAuth: [] }];
  return [{ bearerAuth: [] }];
};

/**
 * Fastify route options from a contract endpoint: validation and response schemas (which also
 * feed the OpenAPI document) and whether the route needs a session.
 */
export const routeOptions = <E extends Endpoint>(endpoint: E) => ({
  schema: {
    // Absent parts stay absent: Fastify warns about keys present with an undefined schema.
    ...((endpoint.body ? { body: endpoint.body } : {}) as { body: E['body'] }),
    ...((endpoint.query ? { querystring: endpoint.query } : {}) as { querystring: E['query'] }),
    ...((endpoint.params ? { params: endpoint.params } : {}) as { params: E['params'] }),
    response: { [endpoint.successStatus ?? 200]: endpoint.response } as Record<
      200 | 201 | 202 | 204,
      E['response']
    >,
    summary: endpoint.summary,
    tags: endpoint.tags ? [...endpoint.tags] : undefined,
    security: securityOf(endpoint),
  },
  config: { auth: endpoint.auth ?? 'session' },
});

/** The status a successful answer of this endpoint is sent with. */
export const successStatus = (endpoint: Endpoint): number => endpoint.successStatus ?? 200;
