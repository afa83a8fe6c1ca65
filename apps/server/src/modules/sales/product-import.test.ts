import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@atelier/contract/jobs/job';
import {
  createProduct,
  exportProducts,
  getProduct,
  listProducts,
  type Product,
  type ProductPage,
} from '@atelier/contract/sales/product';
import {
  ProductImportResultSchema,
  startProductImport,
  uploadProductImportFile,
  type ProductImportFile,
} from '@atelier/contract/sales/product-import';
import { REPO_ROOT } from '@/lib/paths';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { multipart } from '@/testing/upload-factories';
import { importProducts } from './product-import';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let dataDir: string;
let shopifyCsv: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-product-import-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  shopifyCsv = await readFile(path.join(REPO_ROOT, 'docs/examples/shopify-products-export.csv'));
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (account: Account, fileName: string, bytes: Buffer) => {
  const body = multipart(fileName, bytes, { contentType: 'text/csv' });
  return context.app.inject({
    method: 'POST',
    url: uploadProductImportFile.path,
    headers: { ...account.headers, ...body.headers },
    payload: body.payload,
  });
};

const uploaded = async (account: Account, fileName: string, bytes: Buffer) => {
  const response = await upload(account, fileName, bytes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProductImportFile>();
};

const importFile = async (
  account: Account,
  file: ProductImportFile,
  body: Record<string, unknown> = {},
) => {
  const started = await context.app.inject({
    method: 'POST',
    url: startProductImport.path,
    headers: account.headers,
    payload: { fileId: file.id, ...body },
  });
  expect(started.statusCode, started.body).toBe(202);
  for (let round = 0; round < 400; round += 1) {
    const job = (
      await context.app.inject({
        method: 'GET',
        url: `/api/jobs/${started.json<Job>().id}`,
        headers: account.headers,
      })
    ).json<Job>();
    if (job.status === 'COMPLETED') {
      return { job, result: ProductImportResultSchema.parse(job.result) };
    }
    expect(job.status, job.error ?? '').not.toBe('FAILED');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not end');
};

const listAll = async (account: Account) => {
  const items = [];
  for (const status of ['ACTIVE', 'ARCHIVED']) {
    const page = (
      await context.app.inject({
        method: 'GET',
        url: `${listProducts.path}?status=${status}&limit=100`,
        headers: account.headers,
      })
    ).json<ProductPage>();
    items.push(...page.items);
  }
  return Promise.all(
    items.map(async (item) =>
      (
        await context.app.inject({
          method: 'GET',
          url: getProduct.path.replace(':id', item.id),
          headers: account.headers,
        })
      ).json<Product>(),
    ),
  );
};

/** What a product is, whatever store holds it: no ids, times or origin. */
const contentOf = (products: Product[]) =>
  products
    .map((product) => ({
      title: product.title,
      description: product.description,
      vendor: product.vendor,
      productType: product.productType,
      status: product.status,
      tags: product.tags,
      category: product.category,
      currencyCode: product.currencyCode,
      options: product.options,
      images: product.images,
      variants: product.variants.map(({ id: _id, ...variant }) => variant),
    }))
    .sort((a, b) => a.title.localeCompare(b.title));

const bySku = (products: Product[], sku: string) =>
  products.find((product) => product.skus.includes(sku))!;

describe('product import from Shopify’s product CSV (issue 11)', () => {
  it('previews the file: its format, each column’s field and the first rows', async () => {
    const account = await registerAccount(context);
    const file = await uploaded(account, 'products_export_1.csv', shopifyCsv);
    expect(file.id).toMatch(/^pif_/);
    expect(file).toMatchObject({ layout: 'shopify-products', issues: [] });
    const fieldOf = (header: string) => file.columns.find((c) => c.header === header)?.field;
    expect(fieldOf('Handle')).toBe('handle');
    expect(fieldOf('Variant SKU')).toBe('sku');
    expect(fieldOf('Image Src')).toBe('imageSrc');
    expect(fieldOf('Gift Card')).toBeNull();
    expect(file.sampleRows).toHaveLength(5);
    expect(file.sampleRows[0]![0]).toBe('linen-apron');
  });

  it('imports products with their options, variants, images, category and status', async () => {
    const account = await registerAccount(context);
    const { job, result } = await importFile(account, await uploaded(account, 'p.csv', shopifyCsv));
    expect(result).toMatchObject({
      layout: 'shopify-products',
      currencyCode: 'USD',
      rows: 8,
      products: 3,
      updatedProducts: 0,
      variants: 7,
      issueCount: 0,
    });
    expect(job).toMatchObject({ progress: 100, counts: { products: 3 } });

    const products = await listAll(account);
    const apron = bySku(products, 'APR-LIN-RUST-LX');
    expect(apron).toMatchObject({
      title: 'Linen apron',
      description: '<p>Stonewashed linen, <strong>adjustable</strong> neck strap.</p>',
      vendor: 'Atelier Linen Co.',
      productType: 'Aprons',
      tags: ['kitchen', 'linen', 'bestseller'],
      status: 'ACTIVE',
      category: { id: 639 },
      channel: 'import:shopify-products',
      externalId: 'linen-apron',
      options: [
        { name: 'Color', values: ['Sage', 'Rust'] },
        { name: 'Size', values: ['S/M', 'L/XL'] },
      ],
      images: [
        {
          url: 'https://cdn.shopify.com/s/files/1/0000/0001/products/apron-sage.jpg',
          alt: 'Sage linen apron',
        },
        {
          url: 'https://cdn.shopify.com/s/files/1/0000/0001/products/apron-rust.jpg',
          alt: 'Rust linen apron',
        },
      ],
    });
    expect(
      apron.variants.map((v) => [
        v.title,
        v.sku,
        v.price.amount,
        v.compareAtPrice?.amount ?? null,
        v.weightGrams,
        v.barcode,
      ]),
    ).toEqual([
      ['Sage / S/M', 'APR-LIN-SAGE-SM', 3_800, 4_500, 310, '0810000000011'],
      ['Sage / L/XL', 'APR-LIN-SAGE-LX', 3_800, 4_500, 340, '0810000000012'],
      ['Rust / S/M', 'APR-LIN-RUST-SM', 3_800, null, 310, '0810000000013'],
      ['Rust / L/XL', 'APR-LIN-RUST-LX', 4_000, null, 340, '0810000000014'],
    ]);
    // Title = Default Title is no option; a draft is kept out of sale.
    const tote = bySku(products, 'TOTE-CNV-NAT');
    expect(tote).toMatchObject({ status: 'ARCHIVED', options: [], category: { id: 3032 } });
    expect(tote.variants.map((v) => [v.title, v.tracked])).toEqual([['–', false]]);
    // An image-only row adds the product's third image.
    const mug = bySku(products, 'MUG-STN-WHT');
    expect(mug.images.map((image) => image.alt)).toEqual([
      'White mug',
      'Charcoal mug',
      'Glaze detail',
    ]);
  });

  it('changes nothing when the same file is imported again, and updates what a file changes', async () => {
    const account = await registerAccount(context);
    await importFile(account, await uploaded(account, 'p.csv', shopifyCsv));
    const before = await listAll(account);

    const { result: again } = await importFile(
      account,
      await uploaded(account, 'p (1).csv', shopifyCsv),
    );
    expect(again).toMatchObject({ products: 0, updatedProducts: 0, unchangedProducts: 3 });
    expect(await listAll(account)).toEqual(before);

    // A new price for one variant and a fifth size: the other variants keep their ids.
    const changed = shopifyCsv
      .toString('utf8')
      .replace(
        'APR-LIN-RUST-LX,340,shopify,12,deny,manual,40.00',
        'APR-LIN-RUST-LX,340,shopify,12,deny,manual,42.00',
      );
    const { result } = await importFile(
      account,
      await uploaded(account, 'p2.csv', Buffer.from(changed)),
    );
    expect(result).toMatchObject({ products: 0, updatedProducts: 1, unchangedProducts: 2 });
    const after = await listAll(account);
    const [oldApron, newApron] = [
      bySku(before, 'APR-LIN-RUST-LX'),
      bySku(after, 'APR-LIN-RUST-LX'),
    ];
    expect(newApron.id).toBe(oldApron.id);
    expect(newApron.variants.map((v) => v.id)).toEqual(oldApron.variants.map((v) => v.id));
    expect(newApron.variants[3]!.price.amount).toBe(4_200);
    expect(after).toHaveLength(3);
  });

  it('refuses a SKU another product of the store has, naming its row; the valid rows import the rest', async () => {
    const account = await registerAccount(context);
    const make = async (payload: Record<string, unknown>) => {
      const response = await context.app.inject({
        method: 'POST',
        url: createProduct.path,
        headers: account.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Product>();
    };
    await importFile(account, await uploaded(account, 'p.csv', shopifyCsv));
    await make({ title: 'Enamel mug', variants: [{ sku: 'MUG-ENAMEL', priceAmount: 1_200 }] });
    const before = await listAll(account);

    // The file's stoneware mug (found by its handle) would take the enamel mug's SKU.
    const taking = Buffer.from(shopifyCsv.toString('utf8').replace('MUG-STN-CHR', 'MUG-ENAMEL'));
    const file = await uploaded(account, 'p2.csv', taking);
    const { result } = await importFile(account, file);
    expect(result).toMatchObject({ products: 0, updatedProducts: 0, issueCount: 1 });
    expect(result.issues[0]).toEqual({
      row: 8,
      field: 'Variant SKU',
      message: 'Another product of this store (“Enamel mug”) has this SKU.',
    });
    expect(await listAll(account)).toEqual(before);
    const { result: valid } = await importFile(account, file, { mode: 'VALID_ROWS' });
    expect(valid).toMatchObject({ updatedProducts: 0, unchangedProducts: 2, issueCount: 1 });
    expect(await listAll(account)).toEqual(before);

    // A product made by hand is found by its SKU: the file completes it.
    const other = await registerAccount(context);
    const handMade = await context.app.inject({
      method: 'POST',
      url: createProduct.path,
      headers: other.headers,
      payload: {
        title: 'Mug',
        options: [{ name: 'Color', values: ['White'] }],
        variants: [{ optionValues: ['White'], sku: 'MUG-STN-WHT', priceAmount: 1_500 }],
      },
    });
    const { result: completed } = await importFile(
      other,
      await uploaded(other, 'p.csv', shopifyCsv),
    );
    expect(completed).toMatchObject({ products: 2, updatedProducts: 1, issueCount: 0 });
    const mug = bySku(await listAll(other), 'MUG-STN-CHR');
    expect(mug).toMatchObject({ id: handMade.json<Product>().id, title: 'Stoneware mug' });
    expect(mug.variants.map((v) => [v.sku, v.price.amount])).toEqual([
      ['MUG-STN-WHT', 1_650],
      ['MUG-STN-CHR', 1_650],
    ]);
    // The variant that was there keeps its id.
    expect(mug.variants[0]!.id).toBe(handMade.json<Product>().variants[0]!.id);
  });

  it('finds a SKU the file repeats and a handle whose rows are apart, across batches', async () => {
    const account = await registerAccount(context);
    const header = 'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price';
    const text = [
      header,
      'tee,Tee,Size,S,TEE-S,20.00',
      'tee,,Size,M,TEE-M,20.00',
      'cap,Cap,Title,Default Title,CAP-1,15.00',
      'sock,Socks,Title,Default Title,TEE-S,9.00',
      'tee,,Size,L,TEE-L,20.00',
      'scarf,Scarf,Title,Default Title,,30.00',
      'belt,,Title,Default Title,BELT-1,abc',
    ].join('\n');
    const report = await importProducts({
      db: context.connection.db,
      events: context.events,
      storeId: account.storeId,
      mode: 'VALID_ROWS',
      currencyCode: 'EUR',
      open: () => Readable.from([Buffer.from(text)]),
      sizeBytes: text.length,
      batchProducts: 2,
    });
    expect(report.issues.map((issue) => [issue.row, issue.field])).toEqual([
      // The second part of "tee" has no title; it is the same handle as rows 2 and 3.
      [6, 'Title'],
      [8, 'Title'],
      [8, 'Variant Price'],
      [5, 'Variant SKU'],
    ]);
    expect(report.issues[3]!.message).toBe('The product tee (row 2) has this SKU too.');
    expect(report).toMatchObject({ products: 3, rows: 7 });
    const written = await listAll(account);
    expect(written.map((product) => [product.title, product.currencyCode]).sort()).toEqual([
      ['Cap', 'EUR'],
      ['Scarf', 'EUR'],
      ['Tee', 'EUR'],
    ]);
  });

  it('re-imports Atelier’s own export into another store as the same products, and into its own as no change', async () => {
    const alice = await registerAccount(context);
    const make = async (payload: Record<string, unknown>) => {
      const response = await context.app.inject({
        method: 'POST',
        url: createProduct.path,
        headers: alice.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Product>();
    };
    await make({
      title: 'Linen Apron — Sage!',
      description: 'Stonewashed, with "pockets", and a comma.',
      vendor: 'Atelier Studio',
      productType: 'Aprons',
      tags: ['kitchen', 'linen'],
      categoryId: 639,
      options: [
        { name: 'Color', values: ['Sage', 'Rust'] },
        { name: 'Size', values: ['S', 'L'] },
      ],
      images: [
        { url: 'https://images.example.com/apron.jpg', alt: 'The apron' },
        { url: 'https://images.example.com/apron-2.jpg', alt: null },
        { url: 'https://images.example.com/apron-3.jpg', alt: 'Back' },
        { url: 'https://images.example.com/apron-4.jpg', alt: null },
      ],
      variants: [
        {
          optionValues: ['Sage', 'S'],
          sku: 'X-APR-SAGE-S',
          priceAmount: 3_200,
          compareAtPriceAmount: 3_900,
          weightGrams: 250,
          barcode: '4006381333931',
        },
        { optionValues: ['Sage', 'L'], sku: 'X-APR-SAGE-L', priceAmount: 3_400, weightGrams: 280 },
        { optionValues: ['Rust', 'S'], sku: null, priceAmount: 3_200, tracked: false },
      ],
    });
    await make({ title: 'Gift card', variants: [{ priceAmount: 5_000, tracked: false }] });
    const archived = await make({
      title: 'Old tote',
      options: [{ name: 'Size', values: ['One size'] }],
      variants: [{ optionValues: ['One size'], sku: 'X-TOTE', priceAmount: 1_800 }],
    });
    await context.app.inject({
      method: 'POST',
      url: `/api/web/products/${archived.id}/archive`,
      headers: alice.headers,
    });

    const exported = async (account: Account, status: string) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${exportProducts.path}?status=${status}`,
        headers: account.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.rawPayload;
    };
    const carol = await registerAccount(context);
    for (const status of ['ACTIVE', 'ARCHIVED']) {
      const file = await uploaded(carol, `products-${status}.csv`, await exported(alice, status));
      expect(file.layout).toBe('shopify-products');
      const { result } = await importFile(carol, file);
      expect(result.issueCount, JSON.stringify(result.issues)).toBe(0);
    }
    const original = await listAll(alice);
    expect(contentOf(await listAll(carol))).toEqual(contentOf(original));

    // Into the store it came from: every product is found (by its handle), nothing changes.
    const { result } = await importFile(
      alice,
      await uploaded(alice, 'back.csv', await exported(alice, 'ACTIVE')),
    );
    expect(result).toMatchObject({ products: 0, updatedProducts: 0, unchangedProducts: 2 });
    expect(await listAll(alice)).toEqual(original);

    // Carol's products export under the handles they came with, and import into Carol's as no change.
    const { result: carolAgain } = await importFile(
      carol,
      await uploaded(carol, 'c.csv', await exported(carol, 'ACTIVE')),
    );
    expect(carolAgain).toMatchObject({ products: 0, updatedProducts: 0, unchangedProducts: 2 });
  });

  it('says plainly what is wrong with a file that is not a product file, and starts nothing', async () => {
    const account = await registerAccount(context);
    const orders = await uploaded(
      account,
      'orders.csv',
      await readFile(path.join(REPO_ROOT, 'docs/examples/shopify-orders-export.csv')),
    );
    expect(orders.layout).toBeNull();
    expect(orders.issues[0]).toMatchObject({ row: 1, field: 'header' });
    expect(orders.issues[0]!.message).toContain('Handle, Title and Variant Price');
    const refused = await context.app.inject({
      method: 'POST',
      url: startProductImport.path,
      headers: account.headers,
      payload: { fileId: orders.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { reason: 'product_file_unreadable' } });

    const other = await registerAccount(context);
    const foreign = await context.app.inject({
      method: 'POST',
      url: startProductImport.path,
      headers: other.headers,
      payload: { fileId: (await uploaded(account, 'p.csv', shopifyCsv)).id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { reason: 'product_file_not_found' } });
  });
});
