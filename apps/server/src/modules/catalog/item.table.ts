import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { jsonb } from '../../db/jsonb';
import type { SampleStock } from '@atelier/contract/catalog/item';
import type { CatalogItemKind, ValueSource } from '@atelier/contract/catalog/supplier';
import { catalogCompanies, tsvector } from './supplier.table';

/**
 * Catalog items (spec §7). The supplier's filterable values (country, region, rating, order
 * volume and count) are copied onto each item so that a search never joins: the copies are
 * refreshed whenever the supplier changes.
 */
export const catalogItems = pgTable(
  'catalog_items',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => catalogCompanies.id),
    kind: text('kind').$type<CatalogItemKind>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: integer('category_id'),
    /** The category and its ancestors, for the category filter and facets. */
    categoryPath: integer('category_path').array().notNull(),
    priceCents: integer('price_cents').notNull(),
    currencyCode: text('currency_code').notNull().default('USD'),
    samplePriceCents: integer('sample_price_cents'),
    /** Spec §4 stock: whether the supplier can send a sample now (IN_STOCK or OUT_OF_STOCK). */
    sampleStock: text('sample_stock').$type<SampleStock>().notNull().default('IN_STOCK'),
    moq: integer('moq'),
    productionTimeDays: integer('production_time_days').notNull(),
    imageUrl: text('image_url'),
    /** Issue 10: the photo a supplier uploaded for its own item (files module id). */
    imageFileId: text('image_file_id'),
    isSampleKit: boolean('is_sample_kit').notNull().default(false),
    rank: doublePrecision('rank').notNull(),
    detailViewCount: integer('detail_view_count').notNull().default(0),
    recommendCount: integer('recommend_count').notNull().default(0),
    enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }).notNull(),
    companyCountryCode: text('company_country_code').notNull(),
    companyRegionCode: text('company_region_code'),
    companyRating: doublePrecision('company_rating'),
    companyOrderVolume: integer('company_order_volume').notNull(),
    companyOrderCount: integer('company_order_count').notNull(),
    source: text('source').$type<ValueSource>().notNull(),
    fieldSources: jsonb('field_sources').$type<Record<string, ValueSource>>().notNull(),
    searchText: text('search_text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', search_text)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => {
    const filters = [
      table.companyRegionCode,
      table.companyCountryCode,
      table.moq,
      table.samplePriceCents,
      table.productionTimeDays,
      table.companyOrderVolume,
      table.companyOrderCount,
      table.companyRating,
      table.kind,
      table.isSampleKit,
      table.categoryPath,
    ];
    return [
      index('catalog_items_search_idx').using('gin', table.searchVector),
      index('catalog_items_title_trgm_idx').using('gin', sql`lower(${table.title}) gin_trgm_ops`),
      // One index per sort order, (sort value, id) then the filter columns: (sort value, id) is
      // unique, so the trailing columns do not change the order; they let a filtered page be found
      // by an index-only scan (issue 9), without reading the wide rows it skips.
      index('catalog_items_rank_idx').on(table.rank.desc(), table.id, ...filters),
      index('catalog_items_enabled_idx').on(table.enabledAt.desc(), table.id, ...filters),
      index('catalog_items_price_idx').on(table.priceCents, table.id, ...filters),
      index('catalog_items_price_desc_idx').on(table.priceCents.desc(), table.id, ...filters),
      // A region or a few countries are often rare: their items are found directly.
      index('catalog_items_region_idx').on(table.companyRegionCode),
      index('catalog_items_country_idx').on(table.companyCountryCode),
      index('catalog_items_company_idx').on(table.companyId),
      index('catalog_items_category_idx').using('gin', table.categoryPath),
      index('catalog_items_kind_idx').on(table.kind),
    ];
  },
);
