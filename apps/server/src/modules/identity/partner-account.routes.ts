import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptSupplierInvite,
  getCurrentSupplier,
  partnerLogin,
  partnerLogout,
} from '@atelier/contract/identity/partner-account';
import { clientInfo } from '@/lib/client-info';
import { routeOptions } from '@/lib/endpoint';
import type { SupplierAccountService } from './supplier-account.service';

/** Issue 4 "Parties": supplier sign-in, sign-out, the current supplier and invitations. */
export const partnerAccountRoutes =
  (supplierAccounts: SupplierAccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(partnerLogin.path, routeOptions(partnerLogin), async (request) =>
      supplierAccounts.login(request.body, clientInfo(request)),
    );

    app.post(partnerLogout.path, routeOptions(partnerLogout), async (request) => {
      await supplierAccounts.logout(request.supplierActor);
      return { ok: true as const };
    });

    app.get(getCurrentSupplier.path, routeOptions(getCurrentSupplier), async (request) =>
      supplierAccounts.loadCurrentSupplier(
        request.supplierActor.userId,
        request.supplierActor.companyId,
      ),
    );

    app.post(acceptSupplierInvite.path, routeOptions(acceptSupplierInvite), async (request) =>
      supplierAccounts.acceptInvite(request.body, clientInfo(request)),
    );
  };
