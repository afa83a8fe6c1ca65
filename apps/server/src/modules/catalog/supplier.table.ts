import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { jsonb } from '../../db/jsonb';
import type { SupplierOffering, ValueSource } from '@atelier/contract/catalog/supplier';

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Suppliers of the marketplace (spec §7 catalog companies). */
export const catalogCompanies = pgTable(
  'catalog_companies',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    address: text('address'),
    countryCode: text('country_code').notNull(),
    regionCode: text('region_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Minutes east of UTC of the supplier's local time (business hours → online now). */
    utcOffsetMinutes: integer('utc_offset_minutes').notNull().default(0),
    offerings: text('offerings').array().$type<SupplierOffering[]>().notNull(),
    capabilities: text('capabilities').array().notNull(),
    categoryIds: integer('category_ids').array().notNull(),
    samplePriceCents: integer('sample_price_cents'),
    moq: integer('moq'),
    productionTimeDays: integer('production_time_days').notNull(),
    orderVolume: integer('order_volume').notNull(),
    orderCount: integer('order_count').notNull(),
    /** The rating shown and filtered on: the review average once there are reviews. */
    rating: doublePrecision('rating'),
    /** Generated demo rating, kept to fall back on when reviews are removed. */
    demoRating: doublePrecision('demo_rating'),
    reviewCount: integer('review_count').notNull().default(0),
    website: text('website'),
    /** Issue 10: set by the supplier on its profile. */
    certifications: text('certifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Issue 10: the supplier's uploaded logo, cover and factory photos (files module ids). */
    logoFileId: text('logo_file_id'),
    coverFileId: text('cover_file_id'),
    photoFileIds: text('photo_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isConciergeRecommended: boolean('is_concierge_recommended').notNull().default(false),
    /** Featured ranking: a base plus recorded recommend and detail-view actions. */
    rank: doublePrecision('rank').notNull(),
    detailViewCount: integer('detail_view_count').notNull().default(0),
    recommendCount: integer('recommend_count').notNull().default(0),
    enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }).notNull(),
    source: text('source').$type<ValueSource>().notNull(),
    fieldSources: jsonb('field_sources').$type<Record<string, ValueSource>>().notNull(),
    /** Words searched by full text: name, description, capabilities, categories. */
    searchText: text('search_text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', search_text)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('catalog_companies_search_idx').using('gin', table.searchVector),
    index('catalog_companies_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    index('catalog_companies_rank_idx').on(table.rank.desc(), table.id),
    index('catalog_companies_enabled_idx').on(table.enabledAt.desc(), table.id),
    index('catalog_companies_country_idx').on(table.countryCode),
    index('catalog_companies_category_idx').using('gin', table.categoryIds),
  ],
);
