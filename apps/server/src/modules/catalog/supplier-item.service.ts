import type { ValueSource } from '@atelier/contract/catalog/supplier';
import {
  MAX_SUPPLIER_ITEMS,
  type SupplierItem,
  type SupplierItemInput,
  type UpdateSupplierItemInput,
} from '@atelier/contract/catalog/supplier-item';
import { supplierImageUrl } from '@atelier/contract/catalog/supplier-profile';
import type { SupplierActor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import {
  categoryPathOf,
  categoryWordsOf,
  loadCatalogReference,
  searchTextOf,
  type CatalogReference,
} from './catalog-rows';
import { checkSupplierImages, type SupplierImageFiles } from './supplier-images';
import type {
  OwnItemChanges,
  OwnItemRow,
  SupplierItemRepository,
} from './supplier-item.repository';

type SupplierItemServiceDeps = {
  items: SupplierItemRepository;
  files: SupplierImageFiles;
  clock: Clock;
  /** Called after a write: cached search answers must not show the old catalogue. */
  onCatalogChanged: (companyId: string) => void;
};

/** The field-source key of each input field. */
const SOURCE_KEYS: Record<keyof SupplierItemInput, string> = {
  kind: 'kind',
  title: 'title',
  description: 'description',
  categoryId: 'categoryId',
  moq: 'moq',
  price: 'price',
  imageFileId: 'imageUrl',
  sampleStock: 'sampleStock',
};

const itemNotFound = () =>
  new AppError('not_found', 'This item is not in your catalogue.', { reason: 'item_not_found' });

const companyNotFound = () =>
  new AppError('not_found', 'Your supplier company no longer exists.', {
    reason: 'company_not_found',
  });

/**
 * Issue 10: a supplier adds, edits and removes the items of its own catalogue. Every query is
 * limited to the caller's company; an item of another company is `item_not_found`.
 */
export const createSupplierItemService = ({
  items,
  files,
  clock,
  onCatalogChanged,
}: SupplierItemServiceDeps) => {
  let loaded: CatalogReference | undefined;
  const reference = () => (loaded ??= loadCatalogReference());

  const toSupplierItem = (companyId: string, row: OwnItemRow): SupplierItem => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    categoryId: row.categoryId,
    categoryPath:
      row.categoryId === null ? null : (reference().categories.get(row.categoryId)?.path ?? null),
    moq: row.moq,
    price: { amount: row.priceCents, currencyCode: row.currencyCode },
    sampleStock: row.sampleStock,
    image:
      row.imageFileId === null
        ? null
        : { fileId: row.imageFileId, url: supplierImageUrl(companyId, row.imageFileId) },
    fieldSources: row.fieldSources,
    updatedAt: row.updatedAt.toISOString(),
  });

  /** 400 `category_not_found` (field `body.categoryId`) for an id outside the category tree. */
  const checkCategory = (categoryId: number | null | undefined) => {
    if (categoryId === null || categoryId === undefined) return;
    if (!reference().categories.has(categoryId)) {
      const message = 'Choose a category from the list.';
      throw new AppError('bad_request', message, {
        reason: 'category_not_found',
        details: [{ field: 'body.categoryId', message }],
      });
    }
  };

  const checkImage = (companyId: string, imageFileId: string | null | undefined) =>
    checkSupplierImages(
      files,
      companyId,
      imageFileId ? [{ field: 'imageFileId', fileId: imageFileId }] : [],
    );

  /** Column values of the given input fields (categories expanded, image as its public URL). */
  const changesOf = (companyId: string, input: UpdateSupplierItemInput): OwnItemChanges => {
    const { price, imageFileId, categoryId, ...rest } = input;
    const changes: OwnItemChanges = Object.fromEntries(
      Object.entries(rest).filter(([, value]) => value !== undefined),
    );
    if (price !== undefined) changes.priceCents = price.amount;
    if (categoryId !== undefined) {
      changes.categoryId = categoryId;
      changes.categoryPath =
        categoryId === null ? [] : categoryPathOf(categoryId, reference().categories);
    }
    if (imageFileId !== undefined) {
      changes.imageFileId = imageFileId;
      changes.imageUrl = imageFileId === null ? null : supplierImageUrl(companyId, imageFileId);
    }
    return changes;
  };

  const searchTextFor = (
    company: { name: string; capabilities: string[] },
    item: { title: string; description: string; categoryId: number | null },
  ) =>
    searchTextOf([
      item.title,
      item.description,
      item.categoryId === null ? null : categoryWordsOf([item.categoryId], reference().categories),
      company.name,
      company.capabilities.join(' '),
    ]);

  return {
    /** The caller's items, newest first (at most MAX_SUPPLIER_ITEMS). */
    async listOwnItems(actor: SupplierActor): Promise<SupplierItem[]> {
      const rows = await items.listOwn(actor.companyId, MAX_SUPPLIER_ITEMS);
      return rows.map((row) => toSupplierItem(actor.companyId, row));
    },

    /**
     * Adds an item (source `supplier` for every field); it copies the company's filter values and
     * production time. 400 `category_not_found` / `profile_image_invalid`, 409
     * `item_limit_reached` past MAX_SUPPLIER_ITEMS.
     */
    async createOwnItem(actor: SupplierActor, input: SupplierItemInput): Promise<SupplierItem> {
      const company = await items.findCompany(actor.companyId);
      if (!company) throw companyNotFound();
      checkCategory(input.categoryId);
      await checkImage(actor.companyId, input.imageFileId);
      if ((await items.countOwn(actor.companyId)) >= MAX_SUPPLIER_ITEMS) {
        throw new AppError(
          'conflict',
          `A catalogue holds at most ${MAX_SUPPLIER_ITEMS} items. Remove one to add another.`,
          { reason: 'item_limit_reached' },
        );
      }
      const now = clock.now();
      const changes = changesOf(actor.companyId, input);
      const row = await items.insert({
        id: newId('itm'),
        companyId: company.id,
        kind: input.kind,
        title: input.title,
        description: input.description,
        categoryId: input.categoryId,
        categoryPath: changes.categoryPath ?? [],
        priceCents: input.price.amount,
        currencyCode: 'USD',
        samplePriceCents: company.samplePriceCents,
        sampleStock: input.sampleStock ?? 'IN_STOCK',
        moq: input.moq,
        productionTimeDays: company.productionTimeDays,
        imageUrl: changes.imageUrl ?? null,
        imageFileId: input.imageFileId,
        rank: company.rank,
        enabledAt: now,
        companyCountryCode: company.countryCode,
        companyRegionCode: company.regionCode,
        companyRating: company.rating,
        companyOrderVolume: company.orderVolume,
        companyOrderCount: company.orderCount,
        source: 'supplier',
        fieldSources: Object.fromEntries(
          Object.values(SOURCE_KEYS).map((key) => [key, 'supplier' as const]),
        ),
        searchText: searchTextFor(company, input),
        createdAt: now,
        updatedAt: now,
      });
      onCatalogChanged(actor.companyId);
      return toSupplierItem(actor.companyId, row);
    },

    /** Changes the fields given (each becomes source `supplier`); 404 `item_not_found`. */
    async updateOwnItem(
      actor: SupplierActor,
      id: string,
      input: UpdateSupplierItemInput,
    ): Promise<SupplierItem> {
      const current = await items.findOwn(actor.companyId, id);
      if (!current) throw itemNotFound();
      checkCategory(input.categoryId);
      await checkImage(actor.companyId, input.imageFileId);
      const changes = changesOf(actor.companyId, input);
      if (
        input.title !== undefined ||
        input.description !== undefined ||
        input.categoryId !== undefined
      ) {
        const company = await items.findCompany(actor.companyId);
        if (!company) throw companyNotFound();
        changes.searchText = searchTextFor(company, { ...current, ...input });
      }
      const sources: Record<string, ValueSource> = {};
      for (const [field, value] of Object.entries(input)) {
        if (value !== undefined)
          sources[SOURCE_KEYS[field as keyof SupplierItemInput]] = 'supplier';
      }
      const row = await items.updateOwn(actor.companyId, id, changes, sources, clock.now());
      if (!row) throw itemNotFound();
      onCatalogChanged(actor.companyId);
      return toSupplierItem(actor.companyId, row);
    },

    /** Removes one of the caller's items; 404 `item_not_found`. */
    async deleteOwnItem(actor: SupplierActor, id: string): Promise<void> {
      if (!(await items.deleteOwn(actor.companyId, id))) throw itemNotFound();
      onCatalogChanged(actor.companyId);
    },

    isItemImage: (companyId: string, fileId: string) => items.isItemImage(companyId, fileId),
  };
};
export type SupplierItemService = ReturnType<typeof createSupplierItemService>;
