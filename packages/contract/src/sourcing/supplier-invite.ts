import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { EmailSchema, LinkSchema, textSchema } from '../common/validation';

/** Spec §3 supplier invite: a creator brings their own supplier to the platform. */
export const SupplierInviteInputSchema = z.object({
  name: textSchema(200).pipe(z.string().min(1, "Enter the supplier's name.")),
  website: LinkSchema,
  email: EmailSchema,
  phoneNumber: z
    .string()
    .trim()
    .max(40)
    .regex(/^\+?[0-9 ()./-]{5,}$/, 'Enter a phone number of digits, spaces and + ( ) - . /'),
});
export type SupplierInviteInput = z.infer<typeof SupplierInviteInputSchema>;

// Plain strings, not the input schema: its e-mail transform can't run on the way out (the
// response serializer refuses unidirectional transforms).
export const SupplierInviteSchema = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  createdAt: z.iso.datetime(),
});
export type SupplierInvite = z.infer<typeof SupplierInviteSchema>;

export const createSupplierInvite = defineEndpoint({
  method: 'POST',
  path: '/api/web/supplier-invites',
  body: SupplierInviteInputSchema,
  response: SupplierInviteSchema,
  successStatus: 201,
  summary:
    "Spec §7: invite the creator's own supplier; the platform team is told by e-mail (store title and id, supplier details).",
  tags: ['sourcing'],
});

export const listSupplierInvites = defineEndpoint({
  method: 'GET',
  path: '/api/web/supplier-invites',
  response: z.object({ items: z.array(SupplierInviteSchema) }),
  tags: ['sourcing'],
});
