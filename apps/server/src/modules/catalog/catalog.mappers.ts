import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import type { CatalogItem } from '@atelier/contract/catalog/item';
import { supplierImageUrl } from '@atelier/contract/catalog/supplier-profile';
import type { RegionCode } from '@atelier/contract/reference/geography';
import { getTableColumns } from 'drizzle-orm';
import { catalogCompanies } from './supplier.table';
import { catalogItems } from './item.table';
import type { CategoryRow } from './category.repository';
import type { ItemSearchRow } from './item-search.query';

/** A supplier row with every column, as the import reads it for update. */
export type StoredSupplierRow = typeof catalogCompanies.$inferSelect;

/** Rows as the API reads them: everything but the search text and vector, which are large. */
export type SupplierRow = Omit<typeof catalogCompanies.$inferSelect, 'searchText' | 'searchVector'>;
export type ItemRow = Omit<typeof catalogItems.$inferSelect, 'searchText' | 'searchVector'>;

const {
  searchText: _supplierSearchText,
  searchVector: _supplierSearchVector,
  ...supplierRowColumns
} = getTableColumns(catalogCompanies);
const {
  searchText: _itemSearchText,
  searchVector: _itemSearchVector,
  ...itemRowColumns
} = getTableColumns(catalogItems);
/** Column selections for `db.select(...)` that leave out the search text and vector. */
export const supplierRowSelection = supplierRowColumns;
export const itemRowSelection = itemRowColumns;

/** A supplier's business hours, local time: weekdays 09:00–18:00. */
export const BUSINESS_HOURS = { openHour: 9, closeHour: 18 } as const;

/**
 * Online now (demo rule until suppliers sign in with the chat): within the supplier's local
 * business hours on a weekday. Deterministic for a given time.
 */
export const isWithinBusinessHours = (utcOffsetMinutes: number, now: Date): boolean => {
  const local = new Date(now.getTime() + utcOffsetMinutes * 60_000);
  const weekday = local.getUTCDay();
  const hour = local.getUTCHours();
  return (
    weekday >= 1 &&
    weekday <= 5 &&
    hour >= BUSINESS_HOURS.openHour &&
    hour < BUSINESS_HOURS.closeHour
  );
};

const roundRating = (rating: number | null) =>
  rating === null ? null : Math.round(rating * 10) / 10;

export type SupplierContext = {
  countryNames: ReadonlyMap<string, string>;
  favoriteSupplierIds: ReadonlySet<string>;
  now: Date;
};

export const toCatalogCompany = (row: SupplierRow, context: SupplierContext): CatalogCompany => ({
  id: row.id,
  name: row.name,
  description: row.description,
  address: row.address,
  countryCode: row.countryCode,
  countryName: context.countryNames.get(row.countryCode) ?? row.countryCode,
  regionCode: row.regionCode as RegionCode | null,
  latitude: row.latitude,
  longitude: row.longitude,
  offerings: row.offerings,
  capabilities: row.capabilities,
  categoryIds: row.categoryIds,
  samplePrice:
    row.samplePriceCents === null ? null : { amount: row.samplePriceCents, currencyCode: 'USD' },
  moq: row.moq,
  productionTimeDays: row.productionTimeDays,
  orderVolume: row.orderVolume,
  orderCount: row.orderCount,
  rating: roundRating(row.rating),
  reviewCount: row.reviewCount,
  isOnline: isWithinBusinessHours(row.utcOffsetMinutes, context.now),
  isConciergeRecommended: row.isConciergeRecommended,
  website: row.website,
  certifications: row.certifications,
  logoUrl: row.logoFileId === null ? null : supplierImageUrl(row.id, row.logoFileId),
  coverUrl: row.coverFileId === null ? null : supplierImageUrl(row.id, row.coverFileId),
  photoUrls: row.photoFileIds.map((fileId) => supplierImageUrl(row.id, fileId)),
  enabledAt: row.enabledAt.toISOString(),
  fieldSources: row.fieldSources,
  source: row.source,
  isFavorite: context.favoriteSupplierIds.has(row.id),
});

export type ItemContext = {
  categories: ReadonlyMap<number, Pick<CategoryRow, 'vertical' | 'group' | 'subgroup'>>;
  suppliers: ReadonlyMap<string, Pick<SupplierRow, 'id' | 'name' | 'capabilities'>>;
  favoriteItemIds: ReadonlySet<string>;
};

/** An item read by id or as a favourite, with its supplier and favourite flag from `context`. */
export const toCatalogItem = (row: ItemRow, context: ItemContext): CatalogItem => {
  const supplier = context.suppliers.get(row.companyId);
  return toCatalogItemOfSearch(
    {
      ...row,
      companyName: supplier?.name ?? '',
      companyCapabilities: supplier?.capabilities ?? [],
      isFavorite: context.favoriteItemIds.has(row.id),
    },
    context.categories,
  );
};

/** An item of a search page: the row carries its supplier's name and the favourite flag. */
export const toCatalogItemOfSearch = (
  row: Omit<ItemSearchRow, 'sortValue'>,
  categories: ItemContext['categories'],
): CatalogItem => {
  const category = row.categoryId === null ? undefined : categories.get(row.categoryId);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    categoryId: row.categoryId,
    vertical: category?.vertical ?? null,
    group: category?.group ?? null,
    subgroup: category?.subgroup ?? null,
    price: { amount: row.priceCents, currencyCode: row.currencyCode },
    samplePrice:
      row.samplePriceCents === null
        ? null
        : { amount: row.samplePriceCents, currencyCode: row.currencyCode },
    sampleStock: row.sampleStock,
    moq: row.moq,
    productionTimeDays: row.productionTimeDays,
    imageUrl: row.imageUrl,
    isSampleKit: row.isSampleKit,
    enabledAt: row.enabledAt.toISOString(),
    company: {
      id: row.companyId,
      name: row.companyName,
      countryCode: row.companyCountryCode,
      regionCode: row.companyRegionCode as RegionCode | null,
      rating: roundRating(row.companyRating),
      capabilities: row.companyCapabilities,
    },
    fieldSources: row.fieldSources,
    source: row.source,
    isFavorite: row.isFavorite,
  };
};
