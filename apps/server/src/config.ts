import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PLAN_PRICES, PlanPricesSchema } from '@atelier/contract/billing/plans';
import { EmailSchema } from '@atelier/contract/common/validation';
import { PlanTypeSchema } from '@atelier/contract/identity/plans';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);

/**
 * Every environment variable the server reads (issue #2 §2, spec §7 config keys). Parsed once at
 * start; nothing else reads `process.env`.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Interface to listen on. Loopback by default, so a laptop's server is not reachable from its
   * network (issue 9 §10); containers set HOST=0.0.0.0 so the published port reaches it.
   */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` for people at a terminal, `json` for log collectors; default by whether stdout is a TTY. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Store ids whose every write is refused with the preview-mode message (spec §6, §7). */
  PREVIEW_ACCOUNT_LIST: commaList.default([]),
  /** Seed the documented demo account on first start. */
  SEED_DEMO: booleanFromEnv.default(true),
  /**
   * With SEED_DEMO: import the demo store's real order history (UCI Online Retail, 22,064 orders)
   * as a job on first start, while the server answers (issue 11). Tests and benchmarks that need
   * no orders turn it off.
   */
  SEED_DEMO_ORDERS: booleanFromEnv.default(true),
  /** Origins allowed to open realtime sockets and call the API cross-origin (the web app's own). */
  PUBLIC_URL: z.url().optional(),
  /**
   * More browser origins allowed to open realtime sockets, besides PUBLIC_URL's and
   * http://localhost:PORT / http://127.0.0.1:PORT (e.g. a dev server on another port).
   */
  REALTIME_ALLOWED_ORIGINS: commaList.default([]),
  /** Idle session lifetime: a token unused this long lapses. */
  SESSION_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600 * 1000),
  /** Absolute session lifetime, whatever its use. */
  SESSION_ABSOLUTE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600 * 1000),
  /**
   * A looked-up session is reused in-process this long without a database round trip. Logout
   * and team changes in the same process take effect at once; other processes see them within it.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** A token older than this is replaced by a renewed one in the response header. */
  SESSION_RENEW_AFTER_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 3600 * 1000),
  /**
   * Trust X-Forwarded-For from a reverse proxy. Off by default: without a proxy in front, a
   * client could pick its own address and slip past per-address login throttling.
   */
  TRUST_PROXY: booleanFromEnv.default(false),
  /**
   * Catalog search answers are reused for this long per process (0 turns the cache off): new
   * ranks, ratings and items show up within it.
   */
  SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /**
   * A request's headers must arrive within this, in ms, from its first byte (else 408 and the
   * connection closes). Headers are a few kilobytes, so even a bad link sends them at once.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(10_000),
  /**
   * A request's body must arrive within this, in ms, once its headers have (else 408 and the
   * connection closes): 1 MiB (BODY_LIMIT_BYTES) in 30 s needs only about 35 KB/s. Uploads are
   * bound by HTTP_UPLOAD_TIMEOUT_MS instead.
   */
  HTTP_BODY_TIMEOUT_MS: z.coerce.number().int().positive().max(3_600_000).default(30_000),
  /**
   * A whole request, an upload's included, must arrive within this, in ms (Node's
   * `requestTimeout`). A 20 MB file (the largest upload) in 10 minutes needs about 35 KB/s, a
   * slow laptop link's upstream.
   */
  HTTP_UPLOAD_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .max(3_600_000)
    .default(10 * 60_000),
  /** A connection that sends and receives nothing for this long, in ms, is closed. */
  HTTP_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .max(3_600_000)
    .default(2 * 60_000),
  /**
   * An idle keep-alive connection stays open this long, in ms, between requests: longer than the
   * 60 s idle timeout of common load balancers, so they never reuse a connection being closed.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(72_000),
  /**
   * On SIGTERM or SIGINT, requests in flight get this long, in ms, to finish; connections still
   * open then are closed, and the database is checkpointed and closed.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Largest request body accepted, in bytes (413 above). */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Where platform-team mail goes, e.g. a creator inviting their own supplier (spec §7). */
  PLATFORM_TEAM_EMAIL: EmailSchema.default('team@atelier.local'),
  /**
   * What this process does (issue 8): `all` serves HTTP and sockets and runs jobs and event
   * delivery; with DATABASE_URL, `api` processes only serve and `worker` processes only run jobs
   * and deliver events (any number of each against one PostgreSQL).
   */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /**
   * A starting process waits this long before delivering events waiting in the outbox, so that
   * sockets dropped by a restart reconnect first (else a backlog e-mails people who are online).
   */
  OUTBOX_START_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /** First back-off of a failed webhook delivery, doubled each retry (seconds). */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  /** Folder of the built web app served on the same port. */
  WEB_DIST_DIR: z.string().optional(),
  /**
   * The Shopify app's client id and secret (issue 11 channel connectors). Without them the
   * Shopify connector is "not configured" and says so on /ecommerce-services.
   */
  SHOPIFY_API_KEY: z.string().min(1).optional(),
  SHOPIFY_API_SECRET: z.string().min(1).optional(),
  /** The access the Shopify app asks for when a shop installs it. */
  SHOPIFY_SCOPES: commaList.default(['read_products', 'read_customers', 'read_orders']),
  /**
   * AES-256-GCM key of the channel access tokens at rest: 32 random bytes, base64
   * (`openssl rand -base64 32`). Required in production when a channel is configured; elsewhere a
   * development key is derived and the log says so.
   */
  CHANNEL_TOKEN_KEY: z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  /**
   * Test hook: the address answering for every shop instead of `https://{shop}` (a local fake of
   * Shopify in tests and development). Never set it in production.
   */
  SHOPIFY_ADMIN_BASE_URL: z.url().optional(),
  /**
   * How often a sync asks Shopify whether its bulk export is ready, in ms (5 s: a large shop's
   * export takes minutes, and each question costs a little of the shop's API allowance).
   */
  SHOPIFY_BULK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  /**
   * The public key of the Wix app whose webhooks reach this server (PEM, as the app dashboard's
   * "Get Public Key" shows it; `\n` may stand for line breaks). Wix signs each webhook with it
   * (RS256 JWT); without it Wix webhooks are refused and Wix orders arrive by re-sync only.
   */
  WIX_WEBHOOK_PUBLIC_KEY: z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n').trim())
    .refine(
      (value) => /^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----$/.test(value),
      'must be a PEM public key (-----BEGIN PUBLIC KEY----- …)',
    )
    .optional(),
  /**
   * Test hook: the address answering instead of https://www.wixapis.com (a local fake of Wix in
   * tests and development). Never set it in production.
   */
  WIX_API_BASE_URL: z.url().optional(),
  /**
   * Issue 12 PaymentProvider: with a Stripe secret key (and its publishable key and webhook
   * signing secret) payments go through Stripe; without, through the local test provider, which
   * takes only its documented test cards and says so on the checkout page.
   */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Issue 13: the signing secret of the billing webhook endpoint (`/api/billing/webhooks`) at
   * Stripe, when it is another endpoint than the payments one; STRIPE_WEBHOOK_SECRET otherwise.
   */
  STRIPE_BILLING_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Test hook: the address answering instead of https://api.stripe.com (a local fake). */
  STRIPE_API_BASE_URL: z.url().optional(),
  /**
   * Issue 12 PayPal (spec §7 paypal-capture): with a REST app's client id and secret, PayPal
   * payments go through PayPal's Orders v2 API at PAYPAL_API_BASE_URL (the sandbox by default;
   * https://api-m.paypal.com for live); without, PayPal is simulated locally. Set both or neither.
   */
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_API_BASE_URL: z.url().default('https://api-m.sandbox.paypal.com'),
  /**
   * Issue 15 ShippingProvider (ARCHITECTURE.md §4): with a Shippo API token (`shippo_test_…` or
   * `shippo_live_…`), address checks, rates and labels go through Shippo's REST API at
   * SHIPPO_API_BASE_URL; without, through the local rate table and local test labels.
   */
  SHIPPO_API_KEY: z.string().min(1).optional(),
  /** Shippo's API; tests point it at a local fake. */
  SHIPPO_API_BASE_URL: z.url().default('https://api.goshippo.com'),
  /**
   * Issue 12 calc-financing-fee: the instalment plans offered, `instalments:basis points` pairs
   * separated by commas (3 instalments at 3 %, 6 at 6 %, 12 at 12 % by default).
   */
  FINANCING_PLANS: z
    .string()
    .regex(
      /^\d{1,2}:\d{1,5}(,\d{1,2}:\d{1,5})*$/,
      'pairs such as 3:300,6:600 (instalments:basis points)',
    )
    .default('3:300,6:600,12:1200')
    .transform((value) =>
      value.split(',').map((pair) => {
        const [instalments, basisPoints] = pair.split(':').map(Number);
        return { instalments: instalments!, basisPoints: basisPoints! };
      }),
    ),
  /**
   * Issue 13: plan prices as JSON, integer US cents per interval, for the plans to change
   * (`{"TIER_2":{"MONTH":4900,"YEAR":49000}}`); unset plans keep DEFAULT_PLAN_PRICES.
   */
  BILLING_PLAN_PRICES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return {};
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'JSON such as {"TIER_2":{"MONTH":4900,"YEAR":49000}}',
        });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .partialRecord(PlanTypeSchema, PlanPricesSchema)
        .transform((prices) => ({ ...DEFAULT_PLAN_PRICES, ...prices })),
    ),
  /**
   * Issue 13: how often (ms) a worker runs the billing renewals of every store with something due
   * (trial ends, renewals, dunning retries, pause ends); 0 turns the sweeper off.
   */
  BILLING_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Signs the local payment provider's webhooks (development only; a default is used). */
  LOCAL_PAYMENT_WEBHOOK_SECRET: z.string().min(16).default('atelier-local-payments-webhook'),
});
export type Config = z.infer<typeof ConfigSchema> & { dataDir: string; webDistDir: string };

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
  }
}

/** Parses the environment; throws ConfigError listing every bad variable at once. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const known = Object.fromEntries(
    Object.keys(ConfigSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  if (env.DATABASE_URL === '') known.DATABASE_URL = undefined;
  const parsed = ConfigSchema.refine((config) => config.ROLE === 'all' || config.DATABASE_URL, {
    path: ['ROLE'],
    message:
      'api and worker processes share one PostgreSQL database: set DATABASE_URL, or use ROLE=all',
  })
    .refine(
      (config) =>
        !config.STRIPE_SECRET_KEY ||
        (config.STRIPE_PUBLISHABLE_KEY !== undefined && config.STRIPE_WEBHOOK_SECRET !== undefined),
      {
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message:
          'Stripe is configured: set STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET with STRIPE_SECRET_KEY',
      },
    )
    .refine((config) => !config.PAYPAL_CLIENT_ID === !config.PAYPAL_CLIENT_SECRET, {
      path: ['PAYPAL_CLIENT_SECRET'],
      message: 'set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET together (or neither)',
    })
    .refine((config) => !config.SHOPIFY_API_KEY === !config.SHOPIFY_API_SECRET, {
      path: ['SHOPIFY_API_SECRET'],
      message: 'set SHOPIFY_API_KEY and SHOPIFY_API_SECRET together (or neither)',
    })
    .refine(
      (config) =>
        config.NODE_ENV !== 'production' || !config.SHOPIFY_API_KEY || config.CHANNEL_TOKEN_KEY,
      {
        path: ['CHANNEL_TOKEN_KEY'],
        message:
          'Shopify is configured, so shop access tokens are stored: production refuses to start without a key to encrypt them. Set CHANNEL_TOKEN_KEY to 32 random bytes in base64 (openssl rand -base64 32)',
      },
    )
    .safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command,
  // so a relative DATA_DIR means the same folder for `npm start` and `npm run db:backup`.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, parsed.data.DATA_DIR);
  const webDistDir = path.resolve(
    parsed.data.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist'),
  );
  return { ...parsed.data, dataDir, webDistDir };
};

/**
 * The browser origins of this server's own pages: localhost and 127.0.0.1 on PORT, and
 * PUBLIC_URL's origin when set. The CSP's socket sources and the realtime Origin check start here.
 */
export const appOrigins = (config: Config): string[] => {
  const origins = [`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`];
  if (config.PUBLIC_URL) origins.push(new URL(config.PUBLIC_URL).origin);
  return origins;
};
