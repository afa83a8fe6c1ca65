import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';

/** Spec §3 category: vertical > group > subgroup. */
export const CatalogCategorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  /** 1 vertical, 2 group, 3 subgroup. */
  level: z.number().int().min(1).max(3),
  name: z.string(),
  vertical: z.string(),
  group: z.string().nullable(),
  subgroup: z.string().nullable(),
});
export type CatalogCategory = z.infer<typeof CatalogCategorySchema>;

/** Spec §7/§9: categories are fetched page 0, size 9999. */
export const ListCatalogCategoriesQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(9999).default(9999),
  level: z.coerce.number().int().min(1).max(3).optional(),
  parentId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
export type ListCatalogCategoriesQuery = z.infer<typeof ListCatalogCategoriesQuerySchema>;

export const listCatalogCategories = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-categories',
  auth: 'public',
  query: ListCatalogCategoriesQuerySchema,
  response: z.object({
    items: z.array(CatalogCategorySchema),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  }),
  summary: 'The category tree (Google product taxonomy, levels 1–3), ordered by path.',
  tags: ['catalog'],
});
