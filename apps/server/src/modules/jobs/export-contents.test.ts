import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_JOB_KIND, JobSchema, type Job } from '@atelier/contract/jobs/job';
import { APP_VERSION } from '@/app';
import type { Database } from '@/db/client';
import {
  analyticsEvents,
  analyticsShares,
  fulfillmentFeeCharges,
  fulfillmentFees,
  fulfillmentLowStock,
  fulfillmentReturnSettings,
  fulfillmentReturns,
  fulfillmentReturnLines,
  fulfillmentReturnUnits,
  fulfillmentBundleComponents,
  fulfillmentKittingRequests,
  fulfillmentOrderRules,
  fulfillmentOrderInstructions,
  fulfillmentOrderHolds,
  fulfillmentHoldDigests,
  fulfillmentInventoryLevels,
  fulfillmentReceivingCounts,
  fulfillmentReceivingItems,
  fulfillmentReceivings,
  fulfillmentShipmentLines,
  fulfillmentShipments,
  fulfillmentInventoryMovements,
  fulfillmentReservations,
  billingAccounts,
  billingCancellationAnswers,
  billingInvoices,
  billingModules,
  billingPaymentMethods,
  billingSubscriptions,
  catalogCompanyReviews,
  catalogFavorites,
  chatMessages,
  conversationReads,
  conversations,
  creatorOrderItemEvents,
  creatorOrderItems,
  creatorPayments,
  creditEntries,
  customProjects,
  paymentLedgerEntries,
  files,
  outboxEvents,
  salesCustomers,
  salesOrderLines,
  salesOrderNotes,
  salesOrders,
  salesOrderStatusEvents,
  salesProducts,
  salesProductVariants,
  salesRefundLines,
  salesRefunds,
  stores,
  supplierInvites,
  supplierInvoiceItems,
  supplierInvoices,
  teamMembers,
  users,
} from '@/db/schema';
import { newId } from '@/lib/ids';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { anActorOf } from './job-test-context';

// The whole app, so every module's export sources are in, as app.ts composes them.
let context: TestContext;
let dataDir: string;
let unpacked: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-export-data-'));
  unpacked = await mkdtemp(path.join(os.tmpdir(), 'atelier-export-'));
  context = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(unpacked, { recursive: true, force: true });
});

const waitForCompletion = async (storeId: string, jobId: string): Promise<Job> => {
  for (let round = 0; round < 400; round += 1) {
    const job = await context.jobs.jobService.getJob(anActorOf(storeId), jobId);
    if (job.status === 'COMPLETED') return job;
    if (job.status === 'FAILED') throw new Error(`export failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('export did not complete');
};

const publishedJobs = async (jobId: string): Promise<Job[]> => {
  const rows = await context.connection.db
    .select({ payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.type, 'jobs.job.updated'), eq(outboxEvents.aggregateId, jobId)))
    .orderBy(asc(outboxEvents.sequence));
  return rows.map((row) => JobSchema.parse(row.payload));
};

const untar = async (job: Job) => {
  const file = await context.jobs.jobService.getResultFile(anActorOf(job.storeId), job.id);
  await extract({ file: file.filePath, cwd: unpacked });
  const [folder] = await readdir(unpacked);
  return path.join(unpacked, folder!);
};

const FLAGS = {
  analyticsAccess: true,
  fulfillmentMetrics: false,
  productDesign: true,
  emailCapture: false,
  fulfillment: false,
};

/** One store with a row in every exported table; every text carries `marker`. */
const aStoreWithData = async (db: Database, marker: string, companyId: string) => {
  const ownerId = newId('usr');
  const memberId = newId('usr');
  const storeId = newId('sto');
  await db.insert(users).values([
    {
      id: ownerId,
      email: `${marker}-owner@example.com`,
      passwordHash: `secret-hash-${marker}`,
      name: `${marker} Owner`,
      username: `${marker}-owner`,
    },
    {
      id: memberId,
      email: `${marker}-cx@example.com`,
      passwordHash: `secret-hash-${marker}`,
      name: `${marker} Member`,
      username: `${marker}-cx`,
    },
  ]);
  await db.insert(stores).values({
    id: storeId,
    ownerUserId: ownerId,
    title: `${marker} Studio`,
    email: `${marker}-owner@example.com`,
    accountType: 'CREATOR',
    usageStyle: 'USE_THE_TOOLS_MYSELF',
    featureFlags: FLAGS,
    externalFields: [{ name: 'shopify_id', value: `${marker}-shop` }],
  });
  await db.insert(teamMembers).values([
    {
      id: newId('tm'),
      storeId,
      email: `${marker}-owner@example.com`,
      userId: ownerId,
      role: 'OWNER',
      status: 'ACCEPTED',
    },
    {
      id: newId('tm'),
      storeId,
      email: `${marker}-cx@example.com`,
      userId: memberId,
      role: 'CX',
      status: 'ACCEPTED',
    },
  ]);
  await db.insert(catalogFavorites).values({ storeId, targetType: 'COMPANY', targetId: companyId });
  await db.insert(catalogCompanyReviews).values({
    id: newId('rev'),
    companyId,
    storeId,
    authorUserId: ownerId,
    authorName: `${marker} Studio`,
    rating: 5,
    title: `${marker} review`,
    body: 'Great, "fast" and careful,\nwould order again.',
  });
  await db.insert(customProjects).values({
    id: newId('rfp'),
    storeId,
    createdByUserId: ownerId,
    status: 'DRAFT',
    step: 'BASICS',
    // A spreadsheet would run this as a formula; the CSV must not let it.
    title: `=HYPERLINK("http://evil.example","${marker}")`,
  });
  await db.insert(supplierInvites).values({
    id: newId('inv'),
    storeId,
    invitedByUserId: ownerId,
    name: `${marker} Mill`,
    website: 'https://mill.example',
    email: `${marker}-mill@example.com`,
    phoneNumber: '+15555550100',
  });
  const conversationId = newId('cnv');
  await db.insert(conversations).values({
    id: conversationId,
    name: `manufacturer:store_${storeId}-customer_${companyId}`,
    storeId,
    companyId,
    lastMessageIndex: 1,
  });
  await db.insert(chatMessages).values(
    [0, 1].map((index) => ({
      id: newId('msg'),
      conversationId,
      index,
      author: `store_${storeId}`,
      authorUserId: ownerId,
      authorName: `${marker} Owner`,
      type: 'TEXT',
      body: `${marker} message ${index}`,
      payload: { type: 'TEXT' as const },
      attachments: { fileUrls: [], imageUrls: [], videoUrls: [], pdfUrls: [] },
    })),
  );
  await db.insert(conversationReads).values({
    conversationId,
    participant: `store_${storeId}`,
    lastReadIndex: 1,
  });
  await db.insert(files).values({
    id: newId('fil'),
    owner: `store_${storeId}`,
    uploadedByUserId: ownerId,
    storageKey: `store/${marker}`,
    originalName: `${marker}-techpack.pdf`,
    extension: 'pdf',
    contentType: 'application/pdf',
    sizeBytes: 1234,
  });
  const customerId = newId('cus');
  await db.insert(salesCustomers).values({
    id: customerId,
    storeId,
    email: `${marker}-buyer@example.com`,
    firstName: `${marker} Buyer`,
    orderCount: 1,
    totalSpent: 1_000,
    currencyCode: 'GBP',
  });
  const orderId = newId('ord');
  await db.insert(salesOrders).values({
    id: orderId,
    storeId,
    origin: 'IMPORT',
    prefix: '#',
    number: 1001,
    channel: 'import:test',
    externalId: `${marker}-536365`,
    placedAt: new Date('2011-03-01T10:00:00Z'),
    timeZone: 'Europe/London',
    currencyCode: 'GBP',
    subtotal: 1_000,
    total: 1_000,
    customerId,
    financialStatus: 'PARTIALLY_REFUNDED',
    productionStatus: 'FINISHED',
    hasRefunds: true,
    itemCount: 3,
  });
  const lineIds = [newId('oli'), newId('oli')];
  await db.insert(salesOrderLines).values([
    {
      id: lineIds[0]!,
      orderId,
      storeId,
      position: 0,
      sku: '85123A',
      title: `${marker} heart`,
      quantity: 2,
      unitPrice: 300,
    },
    {
      id: lineIds[1]!,
      orderId,
      storeId,
      position: 1,
      sku: '71053',
      title: `${marker} lantern`,
      quantity: 1,
      unitPrice: 400,
    },
  ]);
  const refundId = newId('ref');
  await db
    .insert(salesRefunds)
    .values({ id: refundId, orderId, storeId, amount: 300, note: `${marker} refund` });
  await db.insert(salesRefundLines).values({ refundId, lineId: lineIds[0]!, quantity: 1 });
  await db.insert(salesOrderStatusEvents).values({
    id: newId('ose'),
    orderId,
    storeId,
    sequence: 1,
    fromStatus: 'OUTSTANDING',
    toStatus: 'FINISHED',
    changedBy: `${marker} owner`,
  });
  await db.insert(salesOrderNotes).values({
    id: newId('ont'),
    orderId,
    storeId,
    authorName: `${marker} owner`,
    body: `${marker} called the customer`,
  });
  const productId = newId('prd');
  await db.insert(salesProducts).values({
    id: productId,
    storeId,
    title: `${marker} heart holder`,
    currencyCode: 'GBP',
    options: [],
    images: [],
    status: 'ACTIVE',
  });
  const variantId = newId('var');
  await db.insert(salesProductVariants).values({
    id: variantId,
    productId,
    storeId,
    position: 0,
    optionValues: [],
    sku: `${marker}-85123A`,
    price: 255,
  });
  // Issue 15: its stock in the default warehouse, one ledger row and a line's reservation.
  const warehouseId = 'whs_north_carolina';
  await db
    .insert(fulfillmentInventoryLevels)
    .values({ storeId, variantId, warehouseId, onHand: 6, reserved: 2 });
  await db.insert(fulfillmentInventoryMovements).values({
    id: newId('imv'),
    storeId,
    variantId,
    warehouseId,
    kind: 'ADJUSTMENT',
    onHandChange: 6,
    reservedChange: 0,
    onHandAfter: 6,
    reservedAfter: 0,
    reason: 'FOUND',
    note: `${marker} count`,
  });
  await db.insert(fulfillmentReservations).values({
    id: newId('rsv'),
    storeId,
    orderId,
    orderLineId: lineIds[0]!,
    variantId,
    warehouseId,
    quantity: 2,
    status: 'RESERVED',
  });
  // A receiving counted in one carton, with a $15 incident.
  const receivingId = newId('rcv');
  await db.insert(fulfillmentReceivings).values({
    id: receivingId,
    storeId,
    warehouseId,
    status: 'RECEIVED',
    source: 'INTAKE',
    carrier: 'UPS',
    trackingNumber: `${marker}-1Z`,
    cartonCount: 1,
  });
  const receivingItemId = newId('rci');
  await db.insert(fulfillmentReceivingItems).values({
    id: receivingItemId,
    receivingId,
    storeId,
    position: 0,
    title: `${marker} totes`,
    variantId,
    expectedQuantity: 6,
    receivedQuantity: 6,
  });
  await db.insert(fulfillmentReceivingCounts).values({
    receivingId,
    itemId: receivingItemId,
    cartonNumber: 1,
    storeId,
    quantity: 6,
    damaged: 0,
  });
  await db.insert(fulfillmentFees).values({
    id: newId('ffe'),
    storeId,
    kind: 'MISSING_CARTON_LABELS',
    receivingId,
    amount: 1_500,
    currencyCode: 'USD',
  });
  // A shipment of the order's first line, with its label.
  const shipmentId = newId('shp');
  const labelAddress = {
    name: `${marker} customer`,
    email: null,
    company: null,
    addressLine1: '1 Main St',
    addressLine2: null,
    city: 'Raleigh',
    state: null,
    stateCode: 'NC',
    zipCode: '27601',
    phone: null,
    country: 'United States of America',
    countryCode: 'US',
  };
  await db.insert(fulfillmentShipments).values({
    id: shipmentId,
    storeId,
    orderId,
    warehouseId,
    status: 'ACTIVE',
    labelStatus: 'READY',
    provider: 'local',
    serviceLevel: 'Ground',
    carrier: 'Atelier Local Post',
    trackingNumber: `${marker}TRACK`,
    rateAmount: 605,
    currencyCode: 'USD',
    fromAddress: labelAddress,
    toAddress: labelAddress,
    parcel: { weight: 2, massUnit: 'lb', length: 10, width: 8, height: 4, distanceUnit: 'in' },
    weightG: 907,
  });
  await db.insert(fulfillmentShipmentLines).values({
    shipmentId,
    orderLineId: lineIds[0]!,
    storeId,
    variantId,
    quantity: 2,
  });
  // Its pick and pack fee, and the variant's low-stock threshold.
  await db.insert(fulfillmentFeeCharges).values({
    id: newId('ffc'),
    storeId,
    kind: 'ORDER',
    idempotencyKey: `order:${orderId}`,
    month: '2026-11',
    orderId,
    shipmentId,
    planType: 'TIER_2',
    quantity: 1,
    unitAmount: 150,
    amount: 150,
    currencyCode: 'USD',
  });
  await db.insert(fulfillmentLowStock).values({ storeId, variantId, threshold: 3 });
  // A return of the shipped line, received with its one unit inspected, and the return settings.
  await db.insert(fulfillmentReturnSettings).values({
    storeId,
    isEnabled: true,
    windowDays: 30,
    feeType: 'FREE',
    feeAmount: 0,
    currencyCode: 'USD',
    refundMethod: 'AUTOMATIC',
    refundDestination: 'ORIGINAL_PAYMENT',
    allowExchanges: true,
  });
  const returnId = newId('ret');
  await db.insert(fulfillmentReturns).values({
    id: returnId,
    storeId,
    orderId,
    status: 'RECEIVED',
    refundMethod: 'AUTOMATIC',
    refundDestination: 'ORIGINAL_PAYMENT',
    feeType: 'FREE',
    feeAmount: 0,
    currencyCode: 'USD',
    refundAmount: 255,
    receipt: `${marker} refunded`,
  });
  const returnLineId = newId('rtl');
  await db.insert(fulfillmentReturnLines).values({
    id: returnLineId,
    returnId,
    storeId,
    orderLineId: lineIds[0]!,
    variantId,
    title: `${marker} heart holder`,
    quantity: 1,
    unitPrice: 255,
    reason: 'TOO_SMALL',
    resolution: 'REFUND',
    position: 0,
  });
  await db.insert(fulfillmentReturnUnits).values({
    lineId: returnLineId,
    unitIndex: 0,
    storeId,
    condition: 'GOOD',
    isRestocked: true,
  });
  // The variant as a bundle of itself is refused by a CHECK, so a second variant is its component.
  const componentId = newId('var');
  await db.insert(salesProductVariants).values({
    id: componentId,
    productId,
    storeId,
    position: 1,
    optionValues: [],
    sku: `${marker}-COMPONENT`,
    price: 100,
  });
  await db.insert(fulfillmentBundleComponents).values({
    storeId,
    bundleVariantId: variantId,
    componentVariantId: componentId,
    quantity: 2,
    position: 0,
  });
  // An order rule that held the order, what it decided, and a digest of held orders.
  const ruleId = newId('rul');
  await db.insert(fulfillmentOrderRules).values({
    id: ruleId,
    storeId,
    name: `${marker} hold big orders`,
    position: 1,
    conditions: [{ kind: 'ORDER_VALUE', operator: 'GTE', amount: 100, currencyCode: 'USD' }],
    actions: [{ kind: 'HOLD', reason: 'Check it' }],
  });
  await db.insert(fulfillmentOrderInstructions).values({
    orderId,
    storeId,
    inserts: [],
    matchedRuleIds: [ruleId],
    evaluatedAt: new Date(),
  });
  await db.insert(fulfillmentOrderHolds).values({
    id: newId('hld'),
    storeId,
    orderId,
    reason: 'RULE',
    detail: `${marker} hold big orders: Check it`,
    ruleId,
  });
  await db
    .insert(fulfillmentHoldDigests)
    .values({ storeId, day: '2026-11-28', holdCount: 1, sentAt: new Date() });
  await db.insert(fulfillmentKittingRequests).values({
    id: newId('kit'),
    storeId,
    bundleVariantId: variantId,
    quantity: 3,
    status: 'REQUESTED',
    note: `${marker} gift sets`,
  });
  // Issue 12: an invoice paid with a test card, its line as an order item with its history.
  const invoiceId = newId('inv');
  await db.insert(supplierInvoices).values({
    id: invoiceId,
    sn: newId('sn')
      .replace(/[^a-z0-9]/g, '')
      .padEnd(32, '0')
      .slice(0, 32),
    storeId,
    companyId,
    status: 'PAID',
    currencyCode: 'USD',
    shippingMode: 'SUPPLIER_SHIPPING',
    shippingAmount: 1500,
    leadTimeDays: 30,
    notes: `${marker} invoice notes`,
    createdByUserId: 'usr_supplier',
  });
  const lineId = newId('ivl');
  await db.insert(supplierInvoiceItems).values({
    id: lineId,
    invoiceId,
    storeId,
    position: 0,
    title: `${marker} tee`,
    category: 'PRODUCT',
    quantity: 10,
    unitPrice: 850,
  });
  const paymentId = newId('pay');
  const itemId = newId('coi');
  const totals = {
    currencyCode: 'USD',
    productSubtotal: 8500,
    designSubtotal: 0,
    sampleSubtotal: 0,
    subtotal: 8500,
    discount: 0,
    discountCode: null,
    shipping: 1500,
    handling: 0,
    shippingAssurance: 0,
    sampleAssurance: 0,
    processingFee: 300,
    total: 10300,
    fees: [],
  };
  await db.insert(creatorPayments).values({
    id: paymentId,
    storeId,
    status: 'COMPLETED',
    result: 'COMPLETED',
    provider: 'local',
    providerChargeId: `lch_${marker}`,
    amount: 10300,
    currencyCode: 'USD',
    totals,
    itemIds: [itemId],
    cardBrand: 'visa',
    cardLast4: '4242',
  });
  await db.insert(creatorOrderItems).values({
    id: itemId,
    storeId,
    companyId,
    kind: 'PRODUCTION',
    status: 'IN_PRODUCTION',
    category: 'PRODUCT',
    title: `${marker} tee`,
    invoiceId,
    invoiceItemId: lineId,
    quantity: 10,
    unitPrice: 850,
    currencyCode: 'USD',
    shippingMode: 'SUPPLIER_SHIPPING',
    shippingAmount: 1500,
    paymentId,
  });
  await db.insert(creatorOrderItemEvents).values({
    id: newId('oie'),
    orderItemId: itemId,
    storeId,
    fromStatus: 'CHARGE_PENDING',
    toStatus: 'IN_PRODUCTION',
    actorKind: 'system',
    note: `${marker} paid`,
  });
  await db.insert(paymentLedgerEntries).values({
    id: newId('led'),
    storeId,
    paymentId,
    kind: 'CHARGE',
    amount: 10300,
    currencyCode: 'USD',
    providerReference: `lch_${marker}`,
  });
  // Billing (issue 13): one row per table; the card's provider id must not be exported.
  const subscriptionId = newId('sub');
  await db.insert(billingAccounts).values({ storeId });
  await db.insert(billingSubscriptions).values({
    id: subscriptionId,
    storeId,
    planType: 'TIER_2',
    interval: 'MONTH',
    status: 'ACTIVE',
    unitAmount: 4900,
    currencyCode: 'USD',
    currentPeriodStart: new Date(),
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    discountCode: `${marker}-CODE`,
  });
  await db.insert(billingInvoices).values({
    id: newId('bin'),
    storeId,
    subscriptionId,
    number: `ATL-${marker}`,
    status: 'PAID',
    reason: 'BUNDLE',
    lines: [{ description: `${marker} bundle`, amount: 1000, periodStart: null, periodEnd: null }],
    subtotal: 1000,
    total: 1000,
    amountPaid: 1000,
    currencyCode: 'USD',
  });
  await db.insert(billingPaymentMethods).values({
    id: newId('bpm'),
    storeId,
    provider: 'local',
    providerPaymentMethodId: `pm_secret-hash-${marker}`,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2040,
  });
  await db
    .insert(billingModules)
    .values({ storeId, name: 'launch', status: 'ACTIVE', source: 'PURCHASE' });
  await db.insert(creditEntries).values({
    id: newId('cre'),
    storeId,
    kind: 'GRANT',
    credits: 100,
    balanceAfter: 100,
    reason: `${marker} credits`,
    idempotencyKey: 'welcome:launch',
  });
  await db.insert(billingCancellationAnswers).values({
    id: newId('bca'),
    storeId,
    subscriptionId,
    userId: ownerId,
    answers: {
      reason: 'LOW_FUNDS',
      rating: null,
      bookACall: 'NO',
      samplesNotOrdered: null,
      offer: 'NO',
      suggestions: `${marker} ideas`,
    },
    outcome: 'CANCELED',
  });
  // Analytics (issue 14): a shared report and an event of a signed-in member; anonymous events
  // belong to no store.
  await db.insert(analyticsShares).values({
    id: `shr_${marker}`,
    storeId,
    view: 'analytics-cohorts',
    query: { from: '2024-01-01', to: '2024-03-31' },
    result: {
      view: 'analytics-cohorts',
      title: `${marker} cohorts`,
      definition: 'Monthly cohorts.',
      currencyCode: 'GBP',
      timeZone: 'Europe/London',
      range: { from: '2024-01-01', to: '2024-03-31' },
      compare: null,
      empty: null,
      figures: [],
      charts: [],
      tables: [],
      computedAt: '2024-04-01T00:00:00.000Z',
    },
    createdByUserId: ownerId,
  });
  await db.insert(analyticsEvents).values([
    {
      id: newId('aev'),
      receivedAt: new Date(),
      sourceClient: 'desktop_web',
      anonymousUserId: `${marker}-anon`,
      userId: ownerId,
      storeId,
      commonType: 'page',
      eventName: 'Page View',
      commonContent: { path: `/${marker}` },
      properties: {},
    },
    {
      id: newId('aev'),
      receivedAt: new Date(),
      sourceClient: 'desktop_web',
      anonymousUserId: `${marker}-visitor`,
      userId: null,
      storeId: null,
      commonType: 'page',
      eventName: 'Page View',
      commonContent: { path: '/login' },
      properties: {},
    },
  ]);
  return storeId;
};

const EXPECTED_TABLES = {
  stores: 1,
  users: 2,
  team_members: 2,
  store_feature_flags: 5,
  store_external_fields: 1,
  catalog_favorites: 1,
  catalog_company_reviews: 1,
  custom_projects: 1,
  supplier_invites: 1,
  conversations: 1,
  chat_messages: 2,
  conversation_reads: 1,
  files: 1,
  sales_customers: 1,
  sales_orders: 1,
  sales_order_lines: 2,
  sales_refunds: 1,
  sales_refund_lines: 1,
  sales_order_status_events: 1,
  sales_order_notes: 1,
  sales_products: 1,
  sales_product_variants: 2,
  supplier_invoices: 1,
  supplier_invoice_items: 1,
  creator_order_items: 1,
  creator_order_item_events: 1,
  creator_payments: 1,
  payment_ledger_entries: 1,
  billing_accounts: 1,
  billing_subscriptions: 1,
  billing_invoices: 1,
  billing_payment_methods: 1,
  billing_modules: 1,
  credit_entries: 1,
  billing_cancellation_answers: 1,
  analytics_shares: 1,
  analytics_events: 1,
  fulfillment_inventory_levels: 1,
  fulfillment_inventory_movements: 1,
  fulfillment_reservations: 1,
  fulfillment_receivings: 1,
  fulfillment_receiving_items: 1,
  fulfillment_receiving_counts: 1,
  fulfillment_fees: 1,
  fulfillment_shipments: 1,
  fulfillment_shipment_lines: 1,
  fulfillment_fee_charges: 1,
  fulfillment_low_stock: 1,
  fulfillment_return_settings: 1,
  fulfillment_returns: 1,
  fulfillment_return_lines: 1,
  fulfillment_return_units: 1,
  fulfillment_bundle_components: 1,
  fulfillment_kitting_requests: 1,
  fulfillment_order_rules: 1,
  fulfillment_order_instructions: 1,
  fulfillment_order_holds: 1,
  fulfillment_hold_digests: 1,
  // Bookings: the store has none here; the tables are in the archive all the same.
  fulfillment_freight_bookings: 0,
  fulfillment_quality_checks: 0,
  fulfillment_pre_sales: 0,
  fulfillment_support_tickets: 0,
  fulfillment_packaging_defaults: 0,
  // Order options (shipping method, priority): none set for the store here.
  fulfillment_order_options: 0,
  fulfillment_wholesale_requirements: 0,
  jobs: 1,
};

describe('Export my data', () => {
  it("archives every table of the store as CSV and JSON, and nothing of another store's", async () => {
    const { db } = context.connection;
    const supplier = await createCatalogFactories(db).aSupplier();
    const storeId = await aStoreWithData(db, 'alpha', supplier.id);
    await aStoreWithData(db, 'bravo', supplier.id);
    const { jobs } = context;

    const started = await jobs.startDataExport(anActorOf(storeId));
    expect(started).toMatchObject({ kind: DATA_EXPORT_JOB_KIND, status: 'QUEUED', storeId });
    const done = await waitForCompletion(storeId, started.id);
    const rowTotal = Object.values(EXPECTED_TABLES).reduce((sum, rows) => sum + rows, 0);
    expect(done).toMatchObject({
      progress: 100,
      counts: { tables: Object.keys(EXPECTED_TABLES).length, rows: rowTotal },
      result: {
        fileName: `atelier-export-${storeId}-${done.createdAt.slice(0, 10)}.tar.gz`,
        contentType: 'application/gzip',
      },
    });
    const progress = (await publishedJobs(started.id)).map((job) => job.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBeGreaterThan(5);

    const folder = await untar(done);
    const names = await readdir(folder);
    const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as {
      storeId: string;
      appVersion: string;
      exportedAt: string;
      tables: { name: string; rows: number }[];
    };
    expect(manifest).toMatchObject({ storeId, appVersion: APP_VERSION });
    expect(Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]))).toEqual(
      EXPECTED_TABLES,
    );
    expect(await readFile(path.join(folder, 'README.txt'), 'utf8')).toContain(
      'chat_messages: 2 rows',
    );

    let everything = '';
    for (const [table, rows] of Object.entries(EXPECTED_TABLES)) {
      expect(names).toContain(`${table}.csv`);
      expect(names).toContain(`${table}.json`);
      const json = await readFile(path.join(folder, `${table}.json`), 'utf8');
      const csv = await readFile(path.join(folder, `${table}.csv`), 'utf8');
      expect((JSON.parse(json) as unknown[]).length, table).toBe(rows);
      everything += json + csv;
    }
    expect(everything).toContain('alpha');
    expect(everything).not.toContain('bravo');
    expect(everything).not.toContain('secret-hash');

    const projects = await readFile(path.join(folder, 'custom_projects.csv'), 'utf8');
    expect(projects).toContain(`"'=HYPERLINK(""http://evil.example"",""alpha"")"`);
    const reviews = await readFile(path.join(folder, 'catalog_company_reviews.csv'), 'utf8');
    expect(reviews).toContain('"Great, ""fast"" and careful,\nwould order again."');
    const users = JSON.parse(await readFile(path.join(folder, 'users.json'), 'utf8')) as object[];
    expect(Object.keys(users[0]!).sort()).toEqual(
      ['created_at', 'email', 'id', 'name', 'updated_at', 'username'].sort(),
    );
  });
});
