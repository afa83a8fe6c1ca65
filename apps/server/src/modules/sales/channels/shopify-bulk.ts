import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as wait } from 'node:timers/promises';
import type { ChannelSyncEntity } from '@atelier/contract/sales/channel-sync';
import type { ShopifyAdminClient } from './shopify-graphql';
import { ShopifyQueryError } from './shopify-graphql';
import { ShopCallError } from './shopify-protocol';

/*
 * Shopify's bulk operations (issue 11 first sync): a query runs on Shopify's side, its status is
 * polled, and the result is one JSONL file where each node of a nested connection is its own line
 * after its parent, pointing back with `__parentId`. Bulk queries allow up to five connections
 * nested at most two deep; each query here has one nested connection.
 */

/** The bulk query of each kind (GraphQL Admin shapes; pagination arguments are not used in bulk). */
export const BULK_QUERIES: Record<ChannelSyncEntity, string> = {
  products: `{
  products {
    edges {
      node {
        id
        title
        descriptionHtml
        vendor
        productType
        tags
        status
        options { name values }
        featuredImage { url altText }
        variants {
          edges {
            node {
              id
              sku
              barcode
              price
              compareAtPrice
              selectedOptions { name value }
              inventoryItem { tracked measurement { weight { unit value } } }
            }
          }
        }
      }
    }
  }
}`,
  customers: `{
  customers {
    edges {
      node {
        id
        email
        firstName
        lastName
        phone
        tags
        defaultAddress { firstName lastName company address1 address2 city provinceCode zip countryCodeV2 phone }
        emailMarketingConsent { marketingState consentUpdatedAt }
      }
    }
  }
}`,
  orders: `{
  orders {
    edges {
      node {
        id
        name
        createdAt
        currencyCode
        email
        taxesIncluded
        displayFinancialStatus
        displayFulfillmentStatus
        cancelledAt
        tags
        note
        discountCodes
        totalDiscountsSet { shopMoney { amount } }
        totalShippingPriceSet { shopMoney { amount } }
        totalTaxSet { shopMoney { amount } }
        totalPriceSet { shopMoney { amount } }
        customer { id email firstName lastName phone }
        shippingAddress { name firstName lastName company address1 address2 city provinceCode zip countryCodeV2 phone }
        billingAddress { name firstName lastName company address1 address2 city provinceCode zip countryCodeV2 phone }
        customerJourneySummary { firstVisit { landingPage referrerUrl } }
        refunds { id createdAt note totalRefundedSet { shopMoney { amount } } }
        lineItems {
          edges {
            node {
              id
              sku
              title
              variantTitle
              quantity
              originalUnitPriceSet { shopMoney { amount } }
              totalDiscountSet { shopMoney { amount } }
              taxLines { priceSet { shopMoney { amount } } }
            }
          }
        }
      }
    }
  }
}`,
};

const BULK_FIELDS = 'id status errorCode objectCount rootObjectCount url partialDataUrl query';

const RUN_BULK_QUERY = `mutation RunBulkQuery($query: String!) {
  bulkOperationRunQuery(query: $query) {
    bulkOperation { ${BULK_FIELDS} }
    userErrors { field message }
  }
}`;

const BULK_OPERATION = `query BulkOperation($id: ID!) {
  node(id: $id) { ... on BulkOperation { ${BULK_FIELDS} } }
}`;

const CURRENT_BULK_OPERATION = `query CurrentBulkOperation {
  currentBulkOperation(type: QUERY) { ${BULK_FIELDS} }
}`;

export type BulkOperation = {
  id: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'CANCELING' | 'CANCELED' | 'FAILED' | 'EXPIRED';
  errorCode: string | null;
  objectCount: string | number;
  rootObjectCount: string | number;
  url: string | null;
  partialDataUrl: string | null;
  query: string;
};

const isRunning = (operation: BulkOperation) =>
  operation.status === 'CREATED' ||
  operation.status === 'RUNNING' ||
  operation.status === 'CANCELING';

export type BulkRunOptions = {
  signal?: AbortSignal;
  /** How often the operation's status is asked for, in ms. */
  pollIntervalMs: number;
  /** Told the operation's id as soon as it is known (the sync keeps it to resume). */
  onStarted?: (operationId: string) => Promise<void>;
  /** Told each status read while the operation runs. */
  onStatus?: (operation: BulkOperation) => Promise<void>;
};

/**
 * Starts the bulk query, or, when Shopify says one of this app's is already running for the
 * shop (a sync interrupted by a restart), takes that one over if it is the same query and waits
 * for it otherwise. Answers the operation's id.
 */
const startBulkQuery = async (
  client: ShopifyAdminClient,
  query: string,
  options: BulkRunOptions,
): Promise<string> => {
  for (let round = 0; ; round += 1) {
    const data = await client.request<{
      bulkOperationRunQuery: {
        bulkOperation: BulkOperation | null;
        userErrors: { field: string[] | null; message: string }[];
      };
    }>(RUN_BULK_QUERY, { query }, options.signal);
    const { bulkOperation, userErrors } = data.bulkOperationRunQuery;
    if (bulkOperation) return bulkOperation.id;
    const current = (
      await client.request<{ currentBulkOperation: BulkOperation | null }>(
        CURRENT_BULK_OPERATION,
        {},
        options.signal,
      )
    ).currentBulkOperation;
    if (!current || round > 100) {
      const message = userErrors.map((error) => error.message).join('; ') || 'no operation';
      throw new ShopifyQueryError(`Shopify did not start the export: ${message}.`);
    }
    const isSameQuery =
      current.query.replace(/\s+/g, ' ').trim() === query.replace(/\s+/g, ' ').trim();
    if (isRunning(current) && isSameQuery) return current.id;
    await wait(options.pollIntervalMs, undefined, { signal: options.signal });
  }
};

/**
 * Runs a bulk query to its end (or follows `operationId`, an operation started before) and
 * answers the finished operation. Throws ShopifyQueryError when Shopify failed or canceled it.
 */
export const runBulkQuery = async (
  client: ShopifyAdminClient,
  query: string,
  options: BulkRunOptions & { operationId?: string | null },
): Promise<BulkOperation> => {
  let operationId = options.operationId ?? null;
  for (;;) {
    if (!operationId) {
      operationId = await startBulkQuery(client, query, options);
      await options.onStarted?.(operationId);
    }
    const { node } = await client.request<{ node: BulkOperation | null }>(
      BULK_OPERATION,
      { id: operationId },
      options.signal,
    );
    // An operation Shopify no longer knows (or whose file has expired): run the query again.
    if (!node || node.status === 'EXPIRED') {
      operationId = null;
      continue;
    }
    if (node.status === 'COMPLETED') return node;
    if (!isRunning(node)) {
      throw new ShopifyQueryError(
        `Shopify’s export ${node.status === 'CANCELED' ? 'was canceled' : `failed (${node.errorCode ?? 'no reason given'})`}; the sync can be started again.`,
      );
    }
    await options.onStatus?.(node);
    await wait(options.pollIntervalMs, undefined, { signal: options.signal });
  }
};

/** A root node of the result with its children (the nodes whose `__parentId` is its id). */
export type BulkNode = { node: Record<string, unknown>; children: Record<string, unknown>[] };

/**
 * The result file's nodes, each with its children, streamed line by line from `url` (memory holds
 * one node at a time). `skipLines` lines are passed over (a resumed sync's applied lines); each
 * node comes with the number of lines read up to its end. Children that do not follow their
 * parent are told to `onOrphan`.
 */
export async function* readBulkResult(
  url: string,
  options: {
    signal?: AbortSignal;
    skipLines?: number;
    fetch?: typeof fetch;
    onOrphan?: (line: number) => void;
  } = {},
): AsyncGenerator<BulkNode & { linesRead: number }> {
  const send = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await send(url, options.signal ? { signal: options.signal } : {});
  } catch (error) {
    options.signal?.throwIfAborted();
    throw new ShopCallError(
      `Shopify’s export file could not be downloaded (${(error as Error).message}).`,
      'unreachable',
    );
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ShopCallError(
      `Shopify’s export file could not be downloaded (HTTP ${response.status}).`,
      'unreachable',
    );
  }
  const input = Readable.fromWeb(response.body as WebReadableStream);
  const lines = createInterface({ input, crlfDelay: Infinity });
  const skip = options.skipLines ?? 0;
  let lineNumber = 0;
  let current: BulkNode | null = null;
  let currentEnd = 0;
  try {
    for await (const line of lines) {
      lineNumber += 1;
      if (line.trim() === '') continue;
      const record = JSON.parse(line) as Record<string, unknown>;
      const parentId = record.__parentId;
      if (typeof parentId === 'string') {
        if (current && current.node.id === parentId) {
          current.children.push(record);
          currentEnd = lineNumber;
        } else if (lineNumber > skip) {
          options.onOrphan?.(lineNumber);
        }
        continue;
      }
      if (current && currentEnd > skip) yield { ...current, linesRead: currentEnd };
      current = { node: record, children: [] };
      currentEnd = lineNumber;
    }
    if (current && currentEnd > skip) yield { ...current, linesRead: currentEnd };
  } finally {
    lines.close();
    input.destroy();
  }
}
