/** Query keys of the catalog: everything under `catalog` so a favourite can patch it all. */
export const catalogKeys = {
  all: ['catalog'] as const,
  suppliers: (query: object) => [...catalogKeys.all, 'suppliers', query] as const,
  supplierCount: (query: object) => [...catalogKeys.all, 'supplier-count', query] as const,
  supplier: (id: string) => [...catalogKeys.all, 'supplier', id] as const,
  publicSupplier: (id: string) => [...catalogKeys.all, 'public-supplier', id] as const,
  supplierPicker: (searchKey: string) =>
    [...catalogKeys.all, 'supplier-picker', searchKey] as const,
  countryInfo: () => [...catalogKeys.all, 'country-info'] as const,
  items: (query: object) => [...catalogKeys.all, 'items', query] as const,
  itemCount: (query: object) => [...catalogKeys.all, 'item-count', query] as const,
  item: (id: string) => [...catalogKeys.all, 'item', id] as const,
  publicItem: (id: string) => [...catalogKeys.all, 'public-item', id] as const,
  facets: (query: object) => [...catalogKeys.all, 'facets', query] as const,
  suggestions: (searchKey: string) => [...catalogKeys.all, 'suggestions', searchKey] as const,
  reviews: (companyId: string) => [...catalogKeys.all, 'reviews', companyId] as const,
  reviewSummary: (companyId: string) => [...catalogKeys.all, 'review-summary', companyId] as const,
  favorites: () => [...catalogKeys.all, 'favorites'] as const,
  mySuppliers: () => [...catalogKeys.all, 'my-suppliers'] as const,
};

export const referenceKeys = {
  countries: () => ['reference', 'countries'] as const,
  states: (countryCode: string) => ['reference', 'states', countryCode] as const,
};
