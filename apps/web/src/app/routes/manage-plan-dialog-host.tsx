import { useLocation, useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@/features/identity/api/account-queries';
import { paths } from '@/config/paths';
import {
  type ManagePlanRequest,
  readManagePlanSearch,
  SUBSCRIPTION_PAGE_STEPS,
  withoutManagePlanHref,
} from '@/features/billing/components/manage-plan-modal-search';

// The modal (and the billing contract with it) loads only when an address asks for it.
const ManagePlanModal = lazy(() =>
  import('@/features/billing/components/manage-plan-modal').then((module) => ({
    default: module.ManagePlanModal,
  })),
);

/**
 * Spec §2 dialog key `manage_plan`: on any signed-in page, `?dialog=manage_plan` (with `step`,
 * `plan`, `interval`) opens the plan modal over the page; closing it removes those parameters.
 * /homebase/subscription-cycle-change and /homebase/subscription-downgrade open it over the home
 * page at that step; closing it goes to /homebase.
 */
export const ManagePlanDialogHost = () => {
  const router = useRouter();
  const location = useLocation();
  const currentUser = useCurrentUser();
  // Only the store's OWNER and ADMINs change billing (issue 13); others see the overview only.
  const role = currentUser.data?.role;
  const canManage = role === 'OWNER' || role === 'ADMIN';
  const pageStep = SUBSCRIPTION_PAGE_STEPS[location.pathname];
  const request: ManagePlanRequest | null = pageStep
    ? { step: pageStep, plan: undefined, interval: undefined }
    : readManagePlanSearch(location.search);
  if (!request) return null;
  const close = () =>
    void router.navigate({
      href: pageStep
        ? paths.homebase
        : withoutManagePlanHref(location.pathname, location.searchStr, location.hash),
      replace: true,
    });
  return (
    <Suspense fallback={null}>
      <ManagePlanModal
        // A new request (another step or plan in the address) starts the modal afresh.
        key={`${request.step}:${request.plan ?? ''}:${request.interval ?? ''}`}
        opened
        onClose={close}
        request={request}
        canManage={canManage}
        onNavigate={(href) => void router.navigate({ href })}
      />
    </Suspense>
  );
};
