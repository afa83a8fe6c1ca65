import type { FastifyRequest } from 'fastify';
import type { Actor, SupplierActor } from './actor';

// The caller as routes read it; plugins/auth.ts sets it from the bearer token.
declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route that needs a session; reading it elsewhere throws. */
    actor: Actor;
    /** Set on every `auth: 'supplier'` route (the partner API); reading it elsewhere throws. */
    supplierActor: SupplierActor;
  }
  interface FastifyContextConfig {
    auth?: 'public' | 'optional' | 'session' | 'supplier';
    /** Writes a preview account may still make (log out, switch store). */
    allowInPreview?: boolean;
    /**
     * On an `auth: 'session'` route both parties use (file downloads): a supplier session sets
     * `request.supplierActor` instead of being refused.
     */
    eitherParty?: boolean;
  }
}

/** The supplier on an `eitherParty` route (undefined when a store session called). */
export const optionalSupplierActor = (request: FastifyRequest): SupplierActor | undefined => {
  const supplierActor: SupplierActor | null = request.supplierActor;
  return supplierActor ?? undefined;
};

/** The caller on an `auth: 'optional'` route: undefined for an anonymous visitor. */
export const optionalActor = (request: FastifyRequest): Actor | undefined => {
  // The decorator's initial value is null until a session sets it.
  const actor: Actor | null = request.actor;
  return actor ?? undefined;
};
