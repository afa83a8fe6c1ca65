import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PREVIEW_MODE_MESSAGE, PREVIEW_MODE_REASON } from '@atelier/contract/common/errors';
import { RENEWED_TOKEN_HEADER } from '@atelier/contract/identity/account';
import type { Actor, SupplierActor } from '@/lib/actor';
import '@/lib/request-actor';
import { AppError } from '@/lib/app-error';
import type { IdentityModule } from '@/modules/identity';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
};

/**
 * Sets `request.actor` from the bearer token on every route whose config says `auth: 'session'`
 * (the default of `routeOptions`) and `request.supplierActor` on `auth: 'supplier'` routes (a
 * session of the other party is refused with 403 `wrong_party` either way), sends a renewed
 * token in the `x-session-token` header, and refuses every write of a preview account (spec §6) with the preview-mode message.
 */
export const registerAuth = (app: FastifyInstance, identity: IdentityModule) => {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('supplierActor', null as unknown as SupplierActor);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    if (config.auth === 'public' || config.auth === undefined) return;
    // An optional route answers a visitor without a token as an anonymous caller.
    if (config.auth === 'optional' && request.headers.authorization === undefined) return;
    if (config.auth === 'supplier') {
      const { supplierActor, renewedToken } = await identity.authenticateSupplier(
        bearerToken(request),
      );
      request.supplierActor = supplierActor;
      if (renewedToken) void reply.header(RENEWED_TOKEN_HEADER, renewedToken);
      return;
    }
    if (config.auth === 'session' && config.eitherParty) {
      const caller = await identity.authenticateEither(bearerToken(request));
      if (caller.renewedToken) void reply.header(RENEWED_TOKEN_HEADER, caller.renewedToken);
      if ('supplierActor' in caller) {
        request.supplierActor = caller.supplierActor;
        return;
      }
      request.actor = caller.actor;
    } else {
      const { actor, renewedToken } = await identity.authenticate(bearerToken(request));
      request.actor = actor;
      if (renewedToken) void reply.header(RENEWED_TOKEN_HEADER, renewedToken);
    }
    const { actor } = request;
    if (actor.isPreviewAccount && !READ_METHODS.has(request.method) && !config.allowInPreview) {
      throw new AppError('forbidden', PREVIEW_MODE_MESSAGE, { reason: PREVIEW_MODE_REASON });
    }
  });
};
