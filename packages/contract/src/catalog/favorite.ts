import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { CatalogCompanySchema } from './supplier';
import { CatalogItemSchema } from './item';

export const FavoriteTargetSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('COMPANY'),
    id: z.string().regex(/^cmp_[a-z0-9]+$/, 'Not a supplier id.'),
  }),
  z.object({ type: z.literal('ITEM'), id: z.string().regex(/^itm_[a-z0-9]+$/, 'Not an item id.') }),
]);
export type FavoriteTarget = z.infer<typeof FavoriteTargetSchema>;

export const listFavorites = defineEndpoint({
  method: 'GET',
  path: '/api/web/favorites',
  response: z.object({
    companies: z.array(CatalogCompanySchema),
    items: z.array(CatalogItemSchema),
  }),
  summary: "The store's favourite suppliers and items, newest first.",
  tags: ['catalog'],
});

export const addFavorite = defineEndpoint({
  method: 'POST',
  path: '/api/web/favorites',
  body: FavoriteTargetSchema,
  response: z.object({ ok: z.literal(true) }),
  summary: 'Favourite a supplier or item (idempotent).',
  tags: ['catalog'],
});

export const removeFavorite = defineEndpoint({
  method: 'DELETE',
  path: '/api/web/favorites/:type/:id',
  params: z.object({ type: z.enum(['COMPANY', 'ITEM']), id: z.string().max(64) }),
  response: z.object({ ok: z.literal(true) }),
  summary: 'Remove a favourite (idempotent).',
  tags: ['catalog'],
});

export const MySupplierSchema = CatalogCompanySchema.extend({
  relations: z.array(z.enum(['FAVORITED', 'MESSAGED', 'ORDERED'])),
});

export const listMySuppliers = defineEndpoint({
  method: 'GET',
  path: '/api/web/stores/me/suppliers',
  query: z.object({ searchKey: z.string().trim().max(200).optional() }),
  response: z.object({ items: z.array(MySupplierSchema) }),
  summary: 'Spec §7: suppliers the store has favourited, messaged or ordered from.',
  tags: ['catalog'],
});
