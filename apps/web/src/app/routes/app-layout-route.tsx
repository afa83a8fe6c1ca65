import { createRoute, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { resolvePageAccess } from '@/config/access';
import { hrefs } from '@/config/paths';
import { hasSession } from '@/lib/api-client';
import { AccessNotice } from '../shell/access-notice';
import { SignedInFrame } from '../shell/signed-in-frame';
import { rootRoute } from './root-route';

const SignedInLayout = () => {
  const { pathname, searchStr } = useLocation();
  return (
    <SignedInFrame>
      {(currentUser) => {
        const access = resolvePageAccess(`${pathname}${searchStr}`, currentUser);
        return access.kind === 'open' ? (
          <Outlet />
        ) : (
          <AccessNotice access={access} currentUser={currentUser} />
        );
      }}
    </SignedInFrame>
  );
};

/** Every logged-in page of spec §2 sits under this layout; without a session it sends to /login. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!hasSession()) redirect({ href: hrefs.login(location.href), throw: true });
  },
  component: SignedInLayout,
});
