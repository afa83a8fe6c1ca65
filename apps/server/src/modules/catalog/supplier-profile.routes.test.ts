import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import type { SupplierProfile } from '@atelier/contract/catalog/supplier-profile';
import type { UploadedFile } from '@atelier/contract/files/file';
import { eq } from 'drizzle-orm';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { aSupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { aPdf, aPng, multipart } from '@/testing/upload-factories';
import { catalogItems } from './item.table';
import { catalogCompanies } from './supplier.table';

type SupplierAccount = Awaited<ReturnType<typeof aSupplierAccount>>;

let context: TestContext;
let dataDir: string;
let supplier: SupplierAccount;
let otherSupplier: SupplierAccount;
let store: Awaited<ReturnType<typeof registerAccount>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-profile-'));
  // Search answers cached for a minute: a profile edit must still show at once.
  context = await createTestApp({ DATA_DIR: dataDir, SEARCH_CACHE_TTL_MS: '60000' });
  const factories = createCatalogFactories(context.connection.db);
  const company = await factories.aSupplier({
    name: 'Harbour Loom Works',
    fieldSources: { description: 'demo', moq: 'demo', samplePrice: 'demo' },
  });
  const otherCompany = await factories.aSupplier({ name: 'Other Mill' });
  supplier = await aSupplierAccount(context, company.id);
  otherSupplier = await aSupplierAccount(context, otherCompany.id);
  store = await registerAccount(context);
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const getProfile = (headers: Record<string, string>) =>
  context.app.inject({ method: 'GET', url: '/api/partner/profile', headers });

const patchProfile = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  context.app.inject({ method: 'PATCH', url: '/api/partner/profile', headers, payload });

const uploadAs = async (account: SupplierAccount, fileName: string, bytes: Buffer) => {
  const body = multipart(fileName, bytes);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/partner/files',
    headers: { ...body.headers, ...account.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UploadedFile>();
};

const storeSees = async (companyId: string) => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/web/catalog-companies/${companyId}`,
    headers: store.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: CatalogCompany[] }>().items[0]!;
};

describe('GET /api/partner/profile', () => {
  it('returns the signed-in supplier’s own company with its value sources', async () => {
    const response = await getProfile(supplier.headers);
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json<SupplierProfile>();
    expect(profile).toMatchObject({
      companyId: supplier.companyId,
      name: 'Harbour Loom Works',
      moq: 100,
      samplePrice: { amount: 2500, currencyCode: 'USD' },
      logo: null,
      photos: [],
      certifications: [],
    });
    expect(profile.fieldSources.moq).toBe('demo');
  });

  it('needs a supplier session: none is 401, a store’s token is 403', async () => {
    expectApiError(await getProfile({}), 401, { code: 'unauthenticated' });
    expectApiError(await getProfile(store.headers), 403, {
      code: 'forbidden',
      reason: 'wrong_party',
    });
    expectApiError(await patchProfile(store.headers, { moq: 5 }), 403, {
      code: 'forbidden',
      reason: 'wrong_party',
    });
  });
});

describe('PATCH /api/partner/profile', () => {
  it('writes the fields sent, marks them `supplier` and stores see them at once', async () => {
    const before = await storeSees(supplier.companyId);
    expect(before.fieldSources.moq).toBe('demo');
    // Warm the cached search answer that lists this supplier.
    const search = () =>
      context.app.inject({
        method: 'GET',
        url: '/api/web/catalog-companies?searchKey=Harbour',
        headers: store.headers,
      });
    expect((await search()).json<{ items: CatalogCompany[] }>().items[0]?.moq).toBe(100);

    const response = await patchProfile(supplier.headers, {
      description: 'Knitted jerseys and fleece in runs from 250 pieces, dyed in house.',
      moq: 250,
      samplePrice: { amount: 4500, currencyCode: 'USD' },
      productionTimeDays: 21,
      certifications: ['OEKO-TEX Standard 100'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json<SupplierProfile>();
    expect(profile).toMatchObject({ moq: 250, productionTimeDays: 21, orderVolume: 500 });
    expect(profile.fieldSources).toMatchObject({
      moq: 'supplier',
      description: 'supplier',
      samplePrice: 'supplier',
      productionTimeDays: 'supplier',
      certifications: 'supplier',
    });
    expect(profile.fieldSources.orderVolume).toBeUndefined();

    const after = await storeSees(supplier.companyId);
    expect(after).toMatchObject({
      moq: 250,
      samplePrice: { amount: 4500, currencyCode: 'USD' },
      description: 'Knitted jerseys and fleece in runs from 250 pieces, dyed in house.',
      certifications: ['OEKO-TEX Standard 100'],
    });
    expect(after.fieldSources.moq).toBe('supplier');
    const listed = (await search()).json<{ items: CatalogCompany[] }>().items[0];
    expect(listed?.moq).toBe(250);
    // The new words are searchable.
    const byNewWord = await context.app.inject({
      method: 'GET',
      url: '/api/web/catalog-companies?searchKey=fleece',
      headers: store.headers,
    });
    expect(byNewWord.json<{ items: CatalogCompany[] }>().items.map((item) => item.id)).toContain(
      supplier.companyId,
    );
  });

  it('changes only the caller’s company, never another supplier’s', async () => {
    const response = await patchProfile(otherSupplier.headers, { moq: 7 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SupplierProfile>().companyId).toBe(otherSupplier.companyId);
    expect((await storeSees(supplier.companyId)).moq).not.toBe(7);
    expect((await storeSees(otherSupplier.companyId)).moq).toBe(7);
  });

  it('copies a new order volume onto the supplier’s items (their filter reads the copy)', async () => {
    const factories = createCatalogFactories(context.connection.db);
    const [company] = await context.connection.db
      .select()
      .from(catalogCompanies)
      .where(eq(catalogCompanies.id, supplier.companyId));
    const item = await factories.anItem({ supplier: company! });
    const response = await patchProfile(supplier.headers, { orderVolume: 6000 });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await context.connection.db
      .select({ companyOrderVolume: catalogItems.companyOrderVolume })
      .from(catalogItems)
      .where(eq(catalogItems.id, item.id));
    expect(row?.companyOrderVolume).toBe(6000);
  });

  it('answers 400 with the field for bad values', async () => {
    const error = expectApiError(
      await patchProfile(supplier.headers, {
        moq: -1,
        productionTimeDays: 1.5,
        samplePrice: { amount: 100, currencyCode: 'EUR' },
        description: 'short',
      }),
      400,
      { code: 'bad_request' },
    );
    expect(fieldsOf(error)).toEqual(
      expect.arrayContaining([
        'body.moq',
        'body.productionTimeDays',
        'body.samplePrice.currencyCode',
        'body.description',
      ]),
    );
    const tooMany = Array.from({ length: 13 }, (_, index) => `fil_${index}abc`);
    const photos = expectApiError(
      await patchProfile(supplier.headers, { photoFileIds: tooMany }),
      400,
      { code: 'bad_request' },
    );
    expect(fieldsOf(photos)).toEqual(['body.photoFileIds']);
  });

  it('sets uploaded images that anyone can then load, and refuses other files', async () => {
    const logo = await uploadAs(supplier, 'logo.png', aPng());
    const photo = await uploadAs(supplier, 'floor.png', aPng());
    const response = await patchProfile(supplier.headers, {
      logoFileId: logo.id,
      photoFileIds: [photo.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json<SupplierProfile>();
    expect(profile.logo?.url).toBe(
      `/api/app/catalog-companies/${supplier.companyId}/images/${logo.id}`,
    );
    expect(profile.fieldSources).toMatchObject({ logo: 'supplier', photos: 'supplier' });

    const seen = await storeSees(supplier.companyId);
    expect(seen.logoUrl).toBe(profile.logo?.url);
    expect(seen.photoUrls).toEqual([profile.photos[0]?.url]);
    const image = await context.app.inject({ method: 'GET', url: seen.logoUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(aPng())).toBe(true);

    // Another supplier's upload, a PDF, or a file not on the profile.
    const foreign = await uploadAs(otherSupplier, 'theirs.png', aPng());
    const pdf = await uploadAs(supplier, 'brochure.pdf', aPdf());
    const refused = expectApiError(
      await patchProfile(supplier.headers, { coverFileId: foreign.id, photoFileIds: [pdf.id] }),
      400,
      { code: 'bad_request', reason: 'profile_image_invalid' },
    );
    expect(fieldsOf(refused).sort()).toEqual(['body.coverFileId', 'body.photoFileIds']);
    const notPublished = await context.app.inject({
      method: 'GET',
      url: `/api/app/catalog-companies/${supplier.companyId}/images/${foreign.id}`,
    });
    expectApiError(notPublished, 404, { code: 'not_found', reason: 'image_not_found' });

    // Removing the logo hides it again.
    const removed = await patchProfile(supplier.headers, { logoFileId: null });
    expect(removed.json<SupplierProfile>().logo).toBeNull();
    expect((await storeSees(supplier.companyId)).logoUrl).toBeNull();
    const gone = await context.app.inject({ method: 'GET', url: seen.logoUrl! });
    expect(gone.statusCode).toBe(404);
  });
});
