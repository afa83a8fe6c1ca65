import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { customProjectQueryOptions } from '@/features/sourcing/api/custom-project-queries';
import { appLayoutRoute } from './app-layout-route';

const CustomProjectSearchSchema = z.object({
  supplierId: z
    .string()
    .regex(/^cmp_[a-z0-9]+$/)
    .optional()
    .catch(undefined),
});

/** Spec §2 /create-custom-project/{rfpId?}: a new request, or the draft with this id. */
export const customProjectRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: `${paths.createCustomProject}/{-$rfpId}`,
  validateSearch: CustomProjectSearchSchema,
  loader: ({ context: { queryClient }, params: { rfpId } }) => {
    if (rfpId) void queryClient.prefetchQuery(customProjectQueryOptions(rfpId));
  },
  component: lazyRouteComponent(() => import('./custom-project-page'), 'CustomProjectPage'),
});
