import { Outlet, useLocation } from '@tanstack/react-router';
import { resolvePageAccess } from '@/config/access';
import { AccessNotice } from '../shell/access-notice';
import { SignedInFrame } from '../shell/signed-in-frame';
import { ManagePlanDialogHost } from './manage-plan-dialog-host';

/** The signed-in shell of spec §2 around a page: it loads the user and checks the page's access. */
export const SignedInLayout = () => {
  const { pathname, searchStr } = useLocation();
  return (
    <SignedInFrame>
      {(currentUser) => {
        const access = resolvePageAccess(`${pathname}${searchStr}`, currentUser);
        return (
          <>
            {access.kind === 'open' ? (
              <Outlet />
            ) : (
              <AccessNotice access={access} currentUser={currentUser} />
            )}
            {/* Spec §2 dialog key manage_plan: the plan modal over any signed-in page. */}
            <ManagePlanDialogHost />
          </>
        );
      }}
    </SignedInFrame>
  );
};
