import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '@atelier/contract/files/file';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { Shipment } from '@atelier/contract/fulfillment/shipment';
import {
  packingSlipUrl,
  wholesaleEndpoints as wholesaleApi,
  type SaveWholesaleRequirementsBody,
  type WholesaleRequirements,
} from '@atelier/contract/fulfillment/wholesale';
import {
  createManualRetailOrder,
  createManualWholesaleOrder,
  type StoreOrder,
} from '@atelier/contract/sales/order';
import { cancelOrderLineItem } from '@atelier/contract/sales/order-operations';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { pathOf as path, storeClient } from '@/testing/store-client';
import { aPdf, multipart } from '@/testing/upload-factories';
import { PARCEL } from '@/testing/fulfillment-fixtures';

let context: TestContext;
const { send, ok, refused } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;
let routingGuide: UploadedFile;
let bobsFile: UploadedFile;

const BOUTIQUE = {
  name: 'Receiving Dock',
  company: 'Corner Boutique',
  line1: '120 Main St',
  line2: null,
  city: 'Raleigh',
  stateCode: 'NC',
  postalCode: '27601',
  countryCode: 'US',
  phone: null,
};

const upload = async (account: StoreAccount, name: string) => {
  const form = multipart(name, aPdf());
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/web/files',
    headers: { ...account.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UploadedFile>();
};

beforeAll(async () => {
  context = await createTestAppWithDataDir('atelier-wholesale-');
  await context.reference.seedReferenceData();
  alice = await registerAccount(context, { storeTitle: 'Loom & Thread' });
  bob = await registerAccount(context);
  const tote = await ok<Product>(alice, 'POST', createProduct.path, {
    title: 'Canvas tote',
    options: [{ name: 'Color', values: ['Natural'] }],
    variants: [{ optionValues: ['Natural'], sku: 'TOTE-NAT', priceAmount: 2_000 }],
  });
  await ok(alice, 'POST', api.adjustInventory.path, {
    variantId: tote.variants[0]!.id,
    change: 500,
    reason: 'CYCLE_COUNT',
  });
  routingGuide = await upload(alice, 'routing-guide.pdf');
  bobsFile = await upload(bob, 'bobs-labels.pdf');
}, 90_000);
afterAll(async () => context.close());

const anOrder = async (
  kind: 'wholesale' | 'retail' = 'wholesale',
  lines = [{ sku: 'TOTE-NAT', quantity: 48 }],
) => {
  const endpoint = kind === 'wholesale' ? createManualWholesaleOrder : createManualRetailOrder;
  const order = await ok<StoreOrder>(alice, 'POST', endpoint.path, {
    currencyCode: 'USD',
    customer: { email: 'buyer@corner-boutique.example', firstName: 'Dana', lastName: 'Reyes' },
    shippingAddress: BOUTIQUE,
    lines: lines.map((line) => ({ ...line, title: 'Canvas tote', unitPriceAmount: 1_000 })),
    discountAmount: 0,
    shippingAmount: 0,
    taxAmount: 0,
  });
  await context.dispatcher.drain();
  return order;
};

const url = (id: string) => path(wholesaleApi.getWholesaleRequirements.path, { id });

const aBody = (
  overrides: Partial<SaveWholesaleRequirementsBody> = {},
): SaveWholesaleRequirementsBody => ({
  purchaseOrderNumber: 'PO-778812',
  shipWindowStart: '2026-12-01',
  shipWindowEnd: '2026-12-10',
  isPackingSlipRequired: true,
  isCartonLabelRequired: true,
  isPalletized: false,
  instructions: 'Max 24 totes per carton.\nLabel each carton on two sides.',
  attachmentFileIds: [routingGuide.id],
  ...overrides,
});

/** The text a PDF shows: every `<hex> Tj` string of its pages, one per line. */
const pdfText = async (bytes: Buffer): Promise<string> => {
  const document = await PDFDocument.load(bytes);
  const strings: string[] = [];
  for (const page of document.getPages()) {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    for (const ref of refs) {
      const stream = document.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        strings.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
      }
    }
  }
  return strings.join('\n');
};

describe('wholesale requirements (issue 15, spec §7)', () => {
  it('answers the defaults for an order never saved', async () => {
    const order = await anOrder();
    expect(await ok<WholesaleRequirements>(alice, 'GET', url(order.id))).toEqual({
      orderId: order.id,
      purchaseOrderNumber: null,
      shipWindowStart: null,
      shipWindowEnd: null,
      isPackingSlipRequired: true,
      isCartonLabelRequired: false,
      isPalletized: false,
      instructions: null,
      attachments: [],
      canChange: true,
      updatedAt: null,
    });
  });

  it('saves the requirements with an attachment and reads them back', async () => {
    const order = await anOrder();
    const saved = await ok<WholesaleRequirements>(alice, 'PUT', url(order.id), aBody());
    expect(saved).toMatchObject({
      orderId: order.id,
      purchaseOrderNumber: 'PO-778812',
      shipWindowStart: '2026-12-01',
      shipWindowEnd: '2026-12-10',
      isPackingSlipRequired: true,
      isCartonLabelRequired: true,
      isPalletized: false,
      instructions: 'Max 24 totes per carton.\nLabel each carton on two sides.',
      attachments: [
        {
          fileId: routingGuide.id,
          name: 'routing-guide.pdf',
          sizeBytes: routingGuide.sizeBytes,
          contentType: 'application/pdf',
          url: routingGuide.url,
        },
      ],
      canChange: true,
    });
    expect(saved.updatedAt).not.toBeNull();
    expect(await ok<WholesaleRequirements>(alice, 'GET', url(order.id))).toEqual(saved);

    // Saving again replaces them: texts emptied are none, the window may stay open.
    const cleared = await ok<WholesaleRequirements>(
      alice,
      'PUT',
      url(order.id),
      aBody({
        purchaseOrderNumber: '',
        shipWindowStart: null,
        shipWindowEnd: '2026-12-24',
        isPalletized: true,
        instructions: '  ',
        attachmentFileIds: [],
      }),
    );
    expect(cleared).toMatchObject({
      purchaseOrderNumber: null,
      shipWindowStart: null,
      shipWindowEnd: '2026-12-24',
      isPalletized: true,
      instructions: null,
      attachments: [],
    });
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const order = await anOrder();
    const before = await ok<WholesaleRequirements>(alice, 'PUT', url(order.id), aBody());
    const badRequest = { code: 'bad_request' };

    refused(
      await send(
        alice,
        'PUT',
        url(order.id),
        aBody({ shipWindowStart: '2026-12-10', shipWindowEnd: '2026-12-01' }),
      ),
      400,
      { ...badRequest, field: 'body.shipWindowEnd' },
    );
    refused(
      await send(alice, 'PUT', url(order.id), aBody({ purchaseOrderNumber: 'P'.repeat(101) })),
      400,
      { ...badRequest, field: 'body.purchaseOrderNumber' },
    );
    refused(
      await send(alice, 'PUT', url(order.id), aBody({ instructions: 'x'.repeat(2_001) })),
      400,
      { ...badRequest, field: 'body.instructions' },
    );
    refused(
      await send(
        alice,
        'PUT',
        url(order.id),
        aBody({ attachmentFileIds: Array.from({ length: 11 }, () => routingGuide.id) }),
      ),
      400,
      { ...badRequest, field: 'body.attachmentFileIds' },
    );
    // Another store's file is not one alice may attach.
    refused(
      await send(
        alice,
        'PUT',
        url(order.id),
        aBody({ purchaseOrderNumber: 'PO-CHANGED', attachmentFileIds: [bobsFile.id] }),
      ),
      400,
      { ...badRequest, reason: 'file_not_found', field: 'body.attachmentFileIds' },
    );
    expect(await ok<WholesaleRequirements>(alice, 'GET', url(order.id))).toEqual(before);
  });

  it('refuses requirements for a retail order', async () => {
    const order = await anOrder('retail');
    refused(await send(alice, 'PUT', url(order.id), aBody()), 400, {
      code: 'bad_request',
      reason: 'not_a_wholesale_order',
    });
    expect(await ok<WholesaleRequirements>(alice, 'GET', url(order.id))).toMatchObject({
      purchaseOrderNumber: null,
      updatedAt: null,
    });
  });

  it('answers 404 for another store’s order, and leaves it as it was', async () => {
    const order = await anOrder();
    await ok(alice, 'PUT', url(order.id), aBody());
    const notFound = { code: 'not_found', reason: 'order_not_found' };
    refused(await send(bob, 'GET', url(order.id)), 404, notFound);
    refused(
      await send(
        bob,
        'PUT',
        url(order.id),
        aBody({ attachmentFileIds: [], purchaseOrderNumber: 'X' }),
      ),
      404,
      notFound,
    );
    refused(await send(bob, 'GET', packingSlipUrl(order.id)), 404, notFound);
    expect(await ok<WholesaleRequirements>(alice, 'GET', url(order.id))).toMatchObject({
      purchaseOrderNumber: 'PO-778812',
    });
  });

  it('refuses changes once the order has shipped', async () => {
    const order = await anOrder('wholesale', [{ sku: 'TOTE-NAT', quantity: 2 }]);
    await ok(alice, 'PUT', url(order.id), aBody());
    await ok<Shipment>(alice, 'POST', path(api.shipOrder.path, { orderId: order.id }), {
      parcel: PARCEL,
    });
    await context.dispatcher.drain();
    refused(
      await send(alice, 'PUT', url(order.id), aBody({ purchaseOrderNumber: 'PO-LATE' })),
      409,
      {
        code: 'conflict',
        reason: 'order_already_shipped',
      },
    );
    expect(await ok<WholesaleRequirements>(alice, 'GET', url(order.id))).toMatchObject({
      purchaseOrderNumber: 'PO-778812',
      canChange: false,
    });
  });
});

describe('packing slip (issue 15)', () => {
  it('is a US Letter PDF with the store, order, PO number, window, lines and instructions', async () => {
    const order = await anOrder('wholesale', [{ sku: 'TOTE-NAT', quantity: 48 }]);
    await ok(alice, 'PUT', url(order.id), aBody());
    await ok(
      alice,
      'POST',
      cancelOrderLineItem.path.replace(':id', order.id).replace(':lineId', order.lines[0]!.id),
      { quantity: 6, reason: 'Short on stock' },
    );

    const response = await send(alice, 'GET', packingSlipUrl(order.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const document = await PDFDocument.load(response.rawPayload);
    expect(document.getPage(0).getSize()).toEqual({ width: 612, height: 792 });

    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Loom & Thread');
    expect(text).toContain(`Order ${order.name}`);
    expect(text).toContain('Corner Boutique');
    expect(text).toContain('Raleigh, NC 27601');
    expect(text).toContain('PO number: PO-778812');
    expect(text).toContain('Ship window: 2026-12-01 to 2026-12-10');
    expect(text).toContain('Documents: routing-guide.pdf');
    expect(text).toMatch(/TOTE-NAT\nCanvas tote.*\n48\n42\n/);
    expect(text).toContain('42 units to ship');
    expect(text).toContain('Label each carton on two sides.');
  });

  it('is made for a retail order too, without wholesale requirements', async () => {
    const order = await anOrder('retail', [{ sku: 'TOTE-NAT', quantity: 3 }]);
    const response = await send(alice, 'GET', packingSlipUrl(order.id));
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`Order ${order.name}`);
    expect(text).toMatch(/TOTE-NAT\nCanvas tote.*\n3\n3\n/);
    expect(text).not.toContain('PO number');
    expect(text).not.toContain('WHOLESALE');
  });
});
