import Fastify, { LogController, type FastifyReply } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseConnection } from './db/client';
import type { Clock } from './lib/clock';
import { systemClock } from './lib/clock';
import { newId } from './lib/ids';
import { createDispatcher } from './events/dispatcher';
import { createEventBus } from './events/event-bus';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import {
  httpServerOptions,
  registerBodyTimeout,
  registerCloseOnShutdown,
} from './plugins/http-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { createAnalyticsModule } from './modules/analytics';
import { AppError } from './lib/app-error';
import {
  createFulfillmentModule,
  createShippingProvider,
  FULFILLMENT_REPORT_JOB_KIND,
  LABEL_JOB_KIND,
  previousFeeMonthOf,
} from './modules/fulfillment';
import {
  createBillingModule,
  createLocalBillingGateway,
  createStripeBillingGateway,
} from './modules/billing';
import { createCatalogModule } from './modules/catalog';
import { createChatModule } from './modules/chat';
import { createFilesModule } from './modules/files';
import { createIdentityModule } from './modules/identity';
import { createJobsModule, jobFilesDir } from './modules/jobs';
import { createOutboxNotifier } from './modules/notifications';
import { createReferenceModule } from './modules/reference';
import {
  createSalesModule,
  DEMO_ORDER_HISTORY_JOB_KIND,
  ORDER_IMPORT_JOB_KIND,
  PRODUCT_IMPORT_JOB_KIND,
  SHOPIFY_SYNC_JOB_KIND,
  SHOPIFY_WEBHOOK_JOB_KIND,
  CHANNEL_SYNC_JOB_KIND,
  CHANNEL_WEBHOOK_JOB_KIND,
  WEBHOOK_DELIVERY_JOB_KIND,
} from './modules/sales';
import { WEBHOOK_MAX_ATTEMPTS } from '@atelier/contract/sales/webhook';
import { createSourcingModule } from './modules/sourcing';
import {
  createOrdersModule,
  createPaymentProvider,
  createPaypalProvider,
  recoverLocalCharge,
} from './modules/orders';
import { healthRoutes } from './modules/system/health.routes';
import { createRealtime, principalRoom } from './realtime';

export const APP_VERSION = '0.1.0';

export type BuildAppOptions = {
  config: Config;
  connection: DatabaseConnection;
  clock?: Clock;
  /** pino options; tests pass `false` to keep output quiet. */
  logger?: boolean | object;
};

/** Builds the whole platform on one Fastify instance: plugins and modules wired by hand. */
export const buildApp = async ({
  config,
  connection,
  clock = systemClock,
  logger,
}: BuildAppOptions) => {
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      ...((config.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty'
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
    genReqId: () => newId('req'),
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Start-up hooks (migrations done, the job runner and outbox started) can take longer than
    // Fastify's 10 s on a busy machine or a distant database; a minute before giving up.
    pluginTimeout: 60_000,
    ...httpServerOptions(config),
    trustProxy: config.TRUST_PROXY,
    // Errors Fastify raises before routing (a malformed percent-encoded path) get our body shape.
    frameworkErrors: (error, request, reply) => {
      void (reply as unknown as FastifyReply)
        .status(400)
        .header('x-request-id', request.id)
        .send({
          error: {
            code: 'bad_request',
            message: 'The request URL is malformed.',
            reason: 'malformed_url',
            requestId: request.id,
          },
        });
      request.log.debug({ err: error }, 'framework error');
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  registerBodyTimeout(app, config.HTTP_BODY_TIMEOUT_MS);
  registerCloseOnShutdown(app);
  await registerSecurityHeaders(app, config);
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Atelier API',
        version: APP_VERSION,
        description: 'Every route of the Atelier platform, generated from the shared contract.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const { db } = connection;
  const events = createEventBus();
  const dispatcher = createDispatcher(connection, events, app.log);
  const notifier = createOutboxNotifier(db, clock, app.log);
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const reference = createReferenceModule({ db });
  const loadCountryNames = async () =>
    new Map(
      (await reference.repository.listCountries()).map((country) => [country.code, country.name]),
    );
  const files = createFilesModule({ db, clock, dataDir: config.dataDir });
  const catalog = createCatalogModule({
    db,
    files: files.fileService,
    clock,
    events,
    searchCacheTtlMs: config.SEARCH_CACHE_TTL_MS,
    loadCountryNames,
    notifier,
    publicUrl,
    // Chat is built after the catalog (it names suppliers through it), so this asks it lazily.
    supplierRelationSources: [
      {
        relation: 'MESSAGED',
        listSupplierIds: (storeId) => chat.listMessagedSuppliers(storeId),
      },
    ],
  });
  const identity = createIdentityModule({
    db,
    clock,
    notifier,
    events,
    previewStoreIds: new Set(config.PREVIEW_ACCOUNT_LIST),
    sessionSettings: {
      idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MS,
      absoluteTimeoutMs: config.SESSION_ABSOLUTE_TIMEOUT_MS,
      renewAfterMs: config.SESSION_RENEW_AFTER_MS,
      cacheTtlMs: config.SESSION_CACHE_TTL_MS,
    },
    publicUrl,
    suppliers: catalog.supplierDirectory,
    files: files.fileService,
    // Billing is built later (it needs identity's stores); asked at invite time.
    teamSeats: {
      assertCanInvite: (storeId, members, tx) =>
        billing.entitlements.teamSeats.assertCanInvite(storeId, members, tx),
    },
  });
  const sourcing = createSourcingModule({
    db,
    clock,
    notifier,
    suppliers: catalog.supplierDirectory,
    platformTeamEmail: config.PLATFORM_TEAM_EMAIL,
  });
  const realtime = createRealtime({
    config,
    connection,
    events,
    authenticate: (token) => identity.authenticateSocket(token),
  });
  const chat = createChatModule({
    db,
    clock,
    events,
    realtime,
    notifier,
    publicUrl,
    suppliers: catalog.supplierDirectory,
    stores: identity.directory,
    findStoreEmail: (storeId) => identity.directory.findStoreEmail(storeId),
    listSupplierEmails: (companyId) => identity.directory.listSupplierMemberEmails(companyId),
    files: files.fileService,
    items: catalog.itemDirectory,
    projects: sourcing.projectDirectory,
  });
  const jobs = createJobsModule({
    db,
    connection,
    clock,
    events,
    role: config.ROLE,
    dataDir: config.dataDir,
    log: app.log,
    appVersion: APP_VERSION,
  });
  const sales = createSalesModule({
    db,
    clock,
    events,
    dataDir: config.dataDir,
    startJob: (storeId, kind, options) => jobs.jobService.startJob(storeId, kind, options),
    allowLocalHttpWebhooks: config.NODE_ENV !== 'production',
    channels: {
      shopifyApiKey: config.SHOPIFY_API_KEY,
      shopifyApiSecret: config.SHOPIFY_API_SECRET,
      shopifyScopes: config.SHOPIFY_SCOPES,
      channelTokenKey: config.CHANNEL_TOKEN_KEY,
      shopifyAdminBaseUrl: config.SHOPIFY_ADMIN_BASE_URL,
      shopifyBulkPollMs: config.SHOPIFY_BULK_POLL_MS,
      publicUrl,
      isProduction: config.NODE_ENV === 'production',
      wixWebhookPublicKey: config.WIX_WEBHOOK_PUBLIC_KEY,
      wixApiBaseUrl: config.WIX_API_BASE_URL,
    },
    log: app.log,
  });
  // ONE PaymentProvider charges orders (issue 12) and billing (issue 13).
  const paymentProvider = createPaymentProvider({
    stripe: config.STRIPE_SECRET_KEY
      ? {
          secretKey: config.STRIPE_SECRET_KEY,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
          apiBaseUrl: config.STRIPE_API_BASE_URL,
        }
      : undefined,
    localWebhookSecret: config.LOCAL_PAYMENT_WEBHOOK_SECRET,
    now: () => clock.now(),
    recoverLocalCharge: (id) => recoverLocalCharge(db, id),
  });
  const orders = createOrdersModule({
    db,
    clock,
    events,
    provider: paymentProvider,
    paypal: createPaypalProvider({
      paypal:
        config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
          ? {
              clientId: config.PAYPAL_CLIENT_ID,
              clientSecret: config.PAYPAL_CLIENT_SECRET,
              apiBaseUrl: config.PAYPAL_API_BASE_URL,
            }
          : undefined,
      publicUrl,
      now: () => clock.now(),
      recoverLocalCharge: (id) => recoverLocalCharge(db, id),
    }),
    directory: {
      findSupplierNames: (ids) => catalog.supplierDirectory.findSupplierNames(ids),
      findStoreTitles: (ids) => identity.directory.findStoreTitles(ids),
      findConversation: (id) => chat.findConversation(id),
      async findCatalogItems(ids) {
        return new Map(
          (await catalog.items.findByIds(ids)).map((item) => [
            item.id,
            {
              companyId: item.companyId,
              title: item.title,
              samplePrice: item.samplePriceCents,
              currencyCode: item.currencyCode,
              sampleStock: item.sampleStock,
            },
          ]),
        );
      },
    },
    email: {
      notifier,
      publicUrl,
      findStoreEmail: (storeId) => identity.directory.findStoreEmail(storeId),
      listSupplierEmails: (companyId) => identity.directory.listSupplierMemberEmails(companyId),
      isOnline: (party) => realtime.hasOpenSocket(principalRoom(party)),
    },
    financingPlans: config.FINANCING_PLANS,
    // A card that cannot be posted is logged: the invoice and the shipment stand without it.
    cards: {
      async invoiceSent({ supplier, storeId, ...card }) {
        await chat
          .postSupplierCard({
            companyId: supplier.companyId,
            storeId,
            userId: supplier.userId,
            authorName: supplier.name,
            card: { type: 'INVOICE', ...card },
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'invoice card not posted'));
      },
      async itemShipped({ supplier, storeId, ...card }) {
        await chat
          .postSupplierCard({
            companyId: supplier.companyId,
            storeId,
            userId: supplier.userId,
            authorName: supplier.name,
            card: { type: 'TRACKING_LINK', ...card },
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'tracking card not posted'));
      },
    },
    reviews: {
      writePurchaseReview: (actor, companyId, input, purchasedAt) =>
        catalog.engagement.reviewService.writePurchaseReview(actor, companyId, input, purchasedAt),
    },
    addresses: {
      findCountry: (code) => reference.lookup.findCountry(code),
      listStates: (code) => reference.lookup.listStates(code),
    },
  });
  const analytics = createAnalyticsModule({ db, clock, stores: identity.directory });
  const addressReference = {
    findCountry: (code: string) => reference.lookup.findCountry(code),
    listStates: (code: string) => reference.lookup.listStates(code),
  };
  const fulfillment = createFulfillmentModule({
    db,
    clock,
    events,
    // ARCHITECTURE.md §4 ShippingProvider: Shippo when SHIPPO_API_KEY is set, else the local rate
    // table and local test labels.
    labels: createShippingProvider({
      shippo: config.SHIPPO_API_KEY
        ? { apiKey: config.SHIPPO_API_KEY, apiBaseUrl: config.SHIPPO_API_BASE_URL }
        : undefined,
      reference: addressReference,
    }),
    storage: files.storage,
    // Wholesale orders carry the retailer's documents: files the store uploaded.
    files: files.fileService,
    notifier,
    startJob: (storeId, kind, options) => jobs.jobService.startJob(storeId, kind, options),
    // Fees and reports: pick and pack by the store's plan (billing is built later; asked when an
    // order ships), low-stock alerts to the store's e-mail, report files in the job's folder.
    fees: {
      planTypeOf: async (storeId) => (await billing.entitlements.load(storeId)).planType,
      findStoreEmail: (storeId) => identity.directory.findStoreEmail(storeId),
      jobFilesDir: (jobId) => jobFilesDir(config.dataDir, jobId),
    },
    // Warehouse support tickets are about a store order: its name and when it was placed.
    storeOrders: {
      async findOrder(actor, orderId) {
        const order = await sales.storeOrderService
          .getOrder(actor, orderId)
          .catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'not_found') return null;
            throw error;
          });
        return order
          ? { id: order.id, name: order.name, placedAt: new Date(order.placedAt) }
          : null;
      },
    },
    // Returned units exchanged for another variant: a manual order at no charge to the same
    // customer and address, which reserves and ships as any order does.
    exchanges: {
      async createExchangeOrder(actor, { orderId, handle, lines }) {
        const original = await sales.storeOrderService.getOrder(actor, orderId);
        const email = original.customer?.email;
        const exchange = await sales.storeOrderService.createManualOrder(actor, 'MANUAL_RETAIL', {
          currencyCode: original.currencyCode,
          customer: email
            ? {
                email,
                firstName: original.customer?.firstName ?? undefined,
                lastName: original.customer?.lastName ?? undefined,
              }
            : null,
          shippingAddress: original.shippingAddress,
          lines: lines.map((line) => ({ ...line, unitPriceAmount: 0 })),
          note: `Exchange for return ${handle} of order ${original.name}`,
          tags: ['exchange'],
        });
        return exchange.id;
      },
    },
    sourcing: {
      // Goods counted in at the center: the items' shipped parcels are received (an item whose
      // supplier has not marked it shipped keeps its parcels as they are).
      async markArrived(actor, creatorOrderItemIds) {
        for (const id of creatorOrderItemIds) {
          await orders.orderItems.markReceived(actor, id).catch((error: unknown) => {
            if (!(error instanceof AppError && error.code === 'conflict')) throw error;
          });
        }
      },
    },
  });
  const billing = createBillingModule({
    db,
    clock,
    provider: paymentProvider,
    // With Stripe, billing moves money through Stripe Billing objects; Atelier still decides
    // when and how much (no Stripe subscriptions).
    gateway: config.STRIPE_SECRET_KEY
      ? createStripeBillingGateway({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_BILLING_WEBHOOK_SECRET ?? config.STRIPE_WEBHOOK_SECRET!,
          apiBaseUrl: config.STRIPE_API_BASE_URL,
          now: () => clock.now(),
        })
      : createLocalBillingGateway({
          provider: paymentProvider,
          webhookSecret: config.LOCAL_PAYMENT_WEBHOOK_SECRET,
          now: () => clock.now(),
        }),
    notifier,
    publicUrl,
    findStoreEmail: (storeId) => identity.directory.findStoreEmail(storeId),
    stores: identity.billingStores,
    planPrices: config.BILLING_PLAN_PRICES,
    log: app.log,
  });
  app.addHook('onReady', async () => billing.ensurePromotionCodes());
  jobs.addExportSources(
    ...identity.exportSources,
    ...catalog.exportSources,
    ...sourcing.exportSources,
    ...sales.exportSources,
    ...chat.exportSources,
    ...orders.exportSources,
    ...billing.exportSources,
    ...analytics.exportSources,
    ...fulfillment.exportSources,
    ...files.exportSources,
  );
  // Fulfillment reports (financial, outbound) as CSV files with progress.
  jobs.register(FULFILLMENT_REPORT_JOB_KIND, fulfillment.fees.reportJobHandler, {
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: 600,
  });
  // A label is bought and rendered in the background; LABEL_JOB_ATTEMPTS tries in all.
  jobs.register(LABEL_JOB_KIND, fulfillment.labelJobHandler, {
    retryLimit: 2,
    retryDelaySeconds: 2,
    expireInSeconds: 120,
  });
  jobs.register(
    DEMO_ORDER_HISTORY_JOB_KIND,
    sales.demoOrderHistoryHandler({
      listCountries: () => reference.repository.listCountries(),
      log: app.log,
    }),
    { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 3600 },
  );
  // A delivery is tried WEBHOOK_MAX_ATTEMPTS times, the waits doubling (30 s, 1, 2, 4, 8 min).
  jobs.register(WEBHOOK_DELIVERY_JOB_KIND, sales.webhookDeliveryHandler, {
    retryLimit: WEBHOOK_MAX_ATTEMPTS - 1,
    retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS,
    expireInSeconds: 60,
  });
  jobs.register(SHOPIFY_WEBHOOK_JOB_KIND, sales.shopifyWebhookHandler, {
    retryLimit: 5,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
  });
  // A sync waits on Shopify's side for minutes on a large shop; a failed attempt resumes from its
  // checkpoint.
  jobs.register(SHOPIFY_SYNC_JOB_KIND, sales.shopifySyncHandler, {
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 6 * 3600,
  });
  // A sync resumes where its last attempt stopped; a throttled shop is tried again later.
  jobs.register(CHANNEL_SYNC_JOB_KIND, sales.channelSyncHandler, {
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 3600,
  });
  jobs.register(CHANNEL_WEBHOOK_JOB_KIND, sales.channelWebhookHandler, {
    retryLimit: 5,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
  });
  jobs.register(
    ORDER_IMPORT_JOB_KIND,
    sales.orderImportHandler({ listCountries: () => reference.repository.listCountries() }),
    { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 3600 },
  );
  jobs.register(PRODUCT_IMPORT_JOB_KIND, sales.productImportHandler(), {
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 3600,
  });
  // Every role starts pg-boss (api processes only queue); worker and all also run the queues.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());

  const isServing = config.ROLE !== 'worker';
  const isWorking = config.ROLE !== 'api';
  realtime.register(app, { isServing });
  if (isWorking) {
    let startTimer: ReturnType<typeof setTimeout> | undefined;
    app.addHook('onReady', async () => {
      startTimer = setTimeout(() => void dispatcher.start(), config.OUTBOX_START_DELAY_MS);
    });
    app.addHook('preClose', async () => {
      clearTimeout(startTimer);
      await dispatcher.stop();
    });
    // Billing renewals (issue 13): every store with something due, one sweep at a time.
    if (config.BILLING_SWEEP_INTERVAL_MS > 0) {
      let sweepTimer: ReturnType<typeof setInterval> | undefined;
      let sweeping: Promise<unknown> = Promise.resolve();
      app.addHook('onReady', async () => {
        sweepTimer = setInterval(() => {
          sweeping = sweeping
            .then(() => billing.renewals.sweep(clock.now()))
            .catch((error: unknown) => app.log.warn({ err: error }, 'billing sweep failed'));
        }, config.BILLING_SWEEP_INTERVAL_MS);
        sweepTimer.unref();
      });
      app.addHook('preClose', async () => {
        clearInterval(sweepTimer);
        await sweeping;
      });
      // Issue 15: the daily digest of held orders, looked at every 15 minutes (one e-mail per
      // store and day from 8:00 center time; off with the billing sweep, as in tests), then the
      // storage fees of the month just ended.
      let digestTimer: ReturnType<typeof setInterval> | undefined;
      let storageChargedFor: string | null = null;
      let digesting: Promise<unknown> = Promise.resolve();
      app.addHook('onReady', async () => {
        digestTimer = setInterval(
          () => {
            digesting = digesting
              .then(() => fulfillment.orderRules.sendHoldDigests(clock.now()))
              .then(async () => {
                // Storage fees of the month just ended (spec §9), once per month per process;
                // charging is idempotent per store and month, so a restart charges nothing twice.
                const month = previousFeeMonthOf(clock.now());
                if (month !== storageChargedFor) {
                  await fulfillment.fees.fees.chargeStorageForAllStores(month, (storeId, error) =>
                    app.log.warn({ err: error, storeId, month }, 'storage fee failed'),
                  );
                  storageChargedFor = month;
                }
              })
              .catch((error: unknown) => app.log.warn({ err: error }, 'hold digest failed'));
          },
          15 * 60 * 1000,
        );
        digestTimer.unref();
      });
      app.addHook('preClose', async () => {
        clearInterval(digestTimer);
        await digesting;
      });
    }
  }

  registerAuth(app, identity);
  await app.register(healthRoutes(connection, APP_VERSION));
  await app.register(identity.routes);
  await app.register(reference.routes);
  await app.register(catalog.routes);
  await app.register(sourcing.routes);
  await app.register(sales.routes);
  await app.register(files.routes);
  await app.register(chat.routes);
  await app.register(orders.routes);
  await app.register(billing.routes);
  await app.register(analytics.routes);
  await app.register(fulfillment.routes);
  await app.register(jobs.routes);

  const webApp = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing build file (a stale chunk, any source map) is a 404, never the app shell.
    const isBuildFile = webApp.isBuildFilePath(path);
    if (isBuildFile || path.startsWith('/api/') || path === '/api' || request.method !== 'GET') {
      return reply.status(404).send({
        error: {
          code: 'not_found',
          message: isBuildFile ? `No file ${path}.` : `No API route ${request.method} ${path}.`,
          requestId: request.id,
        },
      });
    }
    return webApp.sendAppShell(reply, path);
  });

  return {
    app,
    events,
    dispatcher,
    identity,
    reference,
    catalog,
    sourcing,
    sales,
    files,
    chat,
    jobs,
    realtime,
    billing,
    analytics,
    fulfillment,
  };
};
export type AtelierApp = Awaited<ReturnType<typeof buildApp>>;
