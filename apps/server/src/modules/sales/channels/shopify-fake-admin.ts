import type { IncomingMessage, ServerResponse } from 'node:http';
import { toBulkJsonl, type FakeShopData } from './shopify-fake-fixtures';

/*
 * The fake's Admin GraphQL endpoint (`POST /admin/api/<version>/graphql.json`, issue 11): the
 * shop is known by its access token, as on Shopify. It answers the calls the sync makes, by the
 * operation they name: `shop`, `bulkOperationRunQuery`, a bulk operation's status (`node` by id,
 * `currentBulkOperation`), and `webhookSubscriptionCreate`; the result of a bulk operation is a
 * JSONL file at `/bulk/<id>.jsonl`. It can throttle the next calls (a GraphQL THROTTLED answer
 * or HTTP 429 with Retry-After) and refuse a shop's token (401).
 */

type BulkStatus = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
export type FakeBulkOperation = {
  id: string;
  shop: string;
  query: string;
  entity: 'products' | 'customers' | 'orders';
  status: BulkStatus;
  /** Status reads left before it completes. */
  readsLeft: number;
  jsonl: string;
  objectCount: number;
  rootObjectCount: number;
};

export type FakeAdminState = {
  baseUrl: () => string;
  /** The token each shop was given (set by the install). */
  tokens: Map<string, string>;
  shopData: (shop: string) => FakeShopData;
  /** Shops whose token is refused with 401 from now on. */
  rejectedShops: Set<string>;
  throttle: { remaining: number; kind: 'graphql' | 'http'; retryAfterSeconds: number };
  /** Status reads a bulk operation stays RUNNING for (0: completed at its first read). */
  bulkReads: number;
  /** Bulk operations that stay RUNNING: all (true), one kind's, or none (false). */
  isHoldingBulk: boolean | FakeBulkOperation['entity'];
  bulkOperations: FakeBulkOperation[];
  subscriptions: { shop: string; topic: string; uri: string }[];
  /** Every GraphQL call: the shop and the operation it named. */
  calls: { shop: string; operation: string }[];
};

export const createFakeAdminState = (
  baseUrl: () => string,
  tokens: Map<string, string>,
  shopData: (shop: string) => FakeShopData,
): FakeAdminState => ({
  baseUrl,
  tokens,
  shopData,
  rejectedShops: new Set(),
  throttle: { remaining: 0, kind: 'graphql', retryAfterSeconds: 0.05 },
  bulkReads: 1,
  isHoldingBulk: false,
  bulkOperations: [],
  subscriptions: [],
  calls: [],
});

const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

const readBody = async (request: IncomingMessage): Promise<string> => {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString('utf8');
  return body;
};

const bulkFields = (state: FakeAdminState, operation: FakeBulkOperation) => ({
  id: operation.id,
  status: operation.status,
  errorCode: null,
  objectCount: String(operation.status === 'COMPLETED' ? operation.objectCount : 0),
  rootObjectCount: String(operation.status === 'COMPLETED' ? operation.rootObjectCount : 0),
  url:
    operation.status === 'COMPLETED' && operation.objectCount > 0
      ? `${state.baseUrl()}/bulk/${encodeURIComponent(operation.id)}.jsonl`
      : null,
  partialDataUrl: null,
  query: operation.query,
});

/** A status read moves the operation on: CREATED, RUNNING, then COMPLETED. */
const readStatus = (state: FakeAdminState, operation: FakeBulkOperation) => {
  if (operation.status === 'CREATED') operation.status = 'RUNNING';
  const isHeld = state.isHoldingBulk === true || state.isHoldingBulk === operation.entity;
  if (operation.status === 'RUNNING' && !isHeld) {
    if (operation.readsLeft <= 0) operation.status = 'COMPLETED';
    operation.readsLeft -= 1;
  }
  return bulkFields(state, operation);
};

const THROTTLED_COST = {
  requestedQueryCost: 10,
  actualQueryCost: null,
  throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 5, restoreRate: 100 },
};

/** Answers one Admin GraphQL call. */
export const handleAdminGraphQl = async (
  state: FakeAdminState,
  request: IncomingMessage,
  response: ServerResponse,
) => {
  const token = request.headers['x-shopify-access-token'];
  const shop = [...state.tokens].find(([, given]) => given === token)?.[0];
  if (!shop || state.rejectedShops.has(shop)) {
    return sendJson(response, 401, {
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });
  }
  const { query = '', variables = {} } = JSON.parse(await readBody(request)) as {
    query?: string;
    variables?: Record<string, string | undefined>;
  };
  const operation =
    /\b(bulkOperationRunQuery|currentBulkOperation|webhookSubscriptionCreate|node|shop)\b/.exec(
      query,
    )?.[1] ?? 'unknown';
  state.calls.push({ shop, operation });
  if (state.throttle.remaining > 0) {
    state.throttle.remaining -= 1;
    if (state.throttle.kind === 'http') {
      return sendJson(
        response,
        429,
        {
          errors:
            'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
        },
        { 'retry-after': String(state.throttle.retryAfterSeconds) },
      );
    }
    return sendJson(response, 200, {
      errors: [
        {
          message: 'Throttled',
          extensions: {
            code: 'THROTTLED',
            documentation: 'https://shopify.dev/api/usage/rate-limits',
          },
        },
      ],
      extensions: { cost: THROTTLED_COST },
    });
  }
  const data = state.shopData(shop);
  const own = state.bulkOperations.filter((bulk) => bulk.shop === shop);
  switch (operation) {
    case 'shop':
      return sendJson(response, 200, {
        data: { shop: { name: data.name, email: data.email, currencyCode: data.currencyCode } },
      });
    case 'bulkOperationRunQuery': {
      const bulkQuery = String(variables.query ?? '');
      // Time has passed for operations nobody asked about since: those not held are done.
      for (const bulk of own) {
        if (bulk.status === 'CREATED' || bulk.status === 'RUNNING') {
          bulk.readsLeft = Math.min(bulk.readsLeft, 0);
          readStatus(state, bulk);
          readStatus(state, bulk);
        }
      }
      const running = own.find((bulk) => bulk.status === 'CREATED' || bulk.status === 'RUNNING');
      if (running) {
        return sendJson(response, 200, {
          data: {
            bulkOperationRunQuery: {
              bulkOperation: null,
              userErrors: [
                {
                  field: null,
                  message: `A bulk query operation for this app and shop is already in progress: ${running.id}.`,
                },
              ],
            },
          },
        });
      }
      const entity = /^\s*\{\s*(products|customers|orders)\b/.exec(bulkQuery)?.[1] as
        FakeBulkOperation['entity'] | undefined;
      if (!entity) {
        return sendJson(response, 200, {
          data: {
            bulkOperationRunQuery: {
              bulkOperation: null,
              userErrors: [
                { field: ['query'], message: 'Invalid bulk query: no connection field.' },
              ],
            },
          },
        });
      }
      const records = data[entity];
      const created: FakeBulkOperation = {
        id: `gid://shopify/BulkOperation/${state.bulkOperations.length + 1}`,
        shop,
        query: bulkQuery,
        entity,
        status: 'CREATED',
        readsLeft: state.bulkReads,
        jsonl: toBulkJsonl(records),
        objectCount: records.reduce((sum, record) => sum + 1 + record.children.length, 0),
        rootObjectCount: records.length,
      };
      state.bulkOperations.push(created);
      return sendJson(response, 200, {
        data: {
          bulkOperationRunQuery: { bulkOperation: bulkFields(state, created), userErrors: [] },
        },
      });
    }
    case 'node': {
      const found = own.find((bulk) => bulk.id === variables.id);
      return sendJson(response, 200, { data: { node: found ? readStatus(state, found) : null } });
    }
    case 'currentBulkOperation': {
      // One runs at a time per shop: the running one, else the latest.
      const latest =
        own.find((bulk) => bulk.status === 'CREATED' || bulk.status === 'RUNNING') ?? own.at(-1);
      return sendJson(response, 200, {
        data: { currentBulkOperation: latest ? readStatus(state, latest) : null },
      });
    }
    case 'webhookSubscriptionCreate': {
      const topic = String(variables.topic ?? '');
      const uri = String(variables.uri ?? '');
      const isTaken = state.subscriptions.some(
        (subscription) =>
          subscription.shop === shop && subscription.topic === topic && subscription.uri === uri,
      );
      if (!isTaken) state.subscriptions.push({ shop, topic, uri });
      return sendJson(response, 200, {
        data: {
          webhookSubscriptionCreate: {
            webhookSubscription: isTaken
              ? null
              : { id: `gid://shopify/WebhookSubscription/${state.subscriptions.length}` },
            userErrors: isTaken
              ? [
                  {
                    field: ['webhookSubscription', 'callbackUrl'],
                    message: 'Address for this topic has already been taken',
                  },
                ]
              : [],
          },
        },
      });
    }
    default:
      return sendJson(response, 200, {
        errors: [
          {
            message: 'This fake answers only the calls the sync makes.',
            extensions: { code: 'undefinedField' },
          },
        ],
      });
  }
};

/** `GET /bulk/<id>.jsonl`: a completed operation's result, sent in small chunks. */
export const sendBulkResult = (state: FakeAdminState, id: string, response: ServerResponse) => {
  const operation = state.bulkOperations.find((bulk) => bulk.id === id);
  if (!operation || operation.status !== 'COMPLETED') {
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('No such file');
    return;
  }
  response.writeHead(200, { 'content-type': 'application/jsonl' });
  const bytes = Buffer.from(operation.jsonl, 'utf8');
  // Chunks that cut lines in two, as a real download's do.
  for (let start = 0; start < bytes.length; start += 97) {
    response.write(bytes.subarray(start, start + 97));
  }
  response.end();
};
