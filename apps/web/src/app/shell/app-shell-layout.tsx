import { Alert, AppShell, Badge, Box, Burger, Group, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconEyeOff } from '@tabler/icons-react';
import { useLocation, useRouter } from '@tanstack/react-router';
import { type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import type { CurrentUser } from '@atelier/contract/identity/account';
import { PLAN_NAMES } from '@atelier/contract/identity/plans';
import { lazyOrNothing } from '@/components/ui/lazy-or-nothing';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { getHomePath, resolvePageAccess } from '@/config/access';
import { buildVisibleNavigation, resolveActiveNavKeys } from '@/config/navigation';
import { hrefs, paths } from '@/config/paths';
import { useStoreProfile } from '@/features/identity/api/store-queries';
import { CartButton } from '@/features/orders/components/cart-button';
import { CartDrawerContext } from './cart-context';
import { MainNav } from './main-nav';
import { UserMenu } from './user-menu';

// The cart's drawer (its queries, and its live refresh) load when the cart is first opened, not
// with the shell.
const CartDrawer = lazyOrNothing(() =>
  import('./live-cart-drawer').then((module) => module.LiveCartDrawer),
);

/**
 * Spec §3 shopping cart: open from the header's button, from a page (`useOpenCart`), or by the
 * address (`?open=cart`, spec §2 dialog key `cart`, as in /home?open=cart).
 */
const useCartDrawer = (pathname: string, searchStr: string) => {
  const router = useRouter();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const isInAddress = new URLSearchParams(searchStr).get('open') === 'cart';
  const isShown = isOpen || isInAddress;
  if (isShown && !hasOpened) setHasOpened(true);
  const open = useCallback(() => setIsOpen(true), []);
  const close = (next?: string) => {
    setIsOpen(false);
    if (next) {
      void router.navigate({ href: next });
    } else if (isInAddress) {
      const params = new URLSearchParams(searchStr);
      params.delete('open');
      const rest = params.toString();
      void router.navigate({ href: `${pathname}${rest ? `?${rest}` : ''}`, replace: true });
    }
  };
  return { isShown, hasOpened, open, close };
};

type AppShellLayoutProps = {
  currentUser: CurrentUser;
  onLogOut: () => void;
  onSwitchStore: (storeId: string) => void;
  isBusy: boolean;
  children: ReactNode;
};

/** The signed-in frame: header, main navigation (a side menu on small screens) and the page. */
export const AppShellLayout = ({
  currentUser,
  onLogOut,
  onSwitchStore,
  isBusy,
  children,
}: AppShellLayoutProps) => {
  const [isMobileNavOpen, mobileNav] = useDisclosure(false);
  const theme = useMantineTheme();
  const isSmallScreen = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`) ?? false;
  // A closed side menu only slides off screen; inert keeps it out of the tab order too.
  const isNavHidden = isSmallScreen && !isMobileNavOpen;
  const navigateTo = useHrefNavigation();
  const { pathname, searchStr } = useLocation();
  const active = resolveActiveNavKeys(pathname, searchStr);
  const sections = useMemo(() => buildVisibleNavigation(currentUser), [currentUser]);
  const homePath = getHomePath(currentUser.role);
  const storeProfile = useStoreProfile();
  const cart = useCartDrawer(pathname, searchStr);
  const canBuy = resolvePageAccess(paths.checkout, currentUser).kind === 'open';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !isMobileNavOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isMobileNavOpen}
              onClick={mobileNav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={isMobileNavOpen ? 'Close navigation' : 'Open navigation'}
              aria-expanded={isMobileNavOpen}
              data-testid="nav-burger"
            />
            <Text
              component="a"
              href={homePath}
              onClick={navigateTo(homePath)}
              fw={700}
              fz="lg"
              c="indigo.7"
              style={{ textDecoration: 'none' }}
            >
              Atelier
            </Text>
            <Text c="dimmed" size="sm" visibleFrom="xs" truncate maw={220}>
              {currentUser.store.title}
            </Text>
            <Badge
              variant="light"
              color="gray"
              visibleFrom="md"
              tt="none"
              data-testid="header-plan"
            >
              {PLAN_NAMES[currentUser.store.planType]} plan
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {canBuy ? <CartButton onClick={cart.open} /> : null}
            <UserMenu
              currentUser={currentUser}
              avatarUrl={storeProfile.data?.avatarUrl ?? null}
              onLogOut={onLogOut}
              onSwitchStore={onSwitchStore}
              isBusy={isBusy}
            />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" data-testid="main-navbar" inert={isNavHidden}>
        {/* Native scrolling: Mantine's ScrollArea would bring floating-ui into every signed-in
            first page (it takes useMergeRefs from there): issue 10. */}
        <AppShell.Section grow mih={0} style={{ overflowY: 'auto', scrollbarWidth: 'thin' }}>
          <MainNav sections={sections} active={active} onNavigate={mobileNav.close} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        {currentUser.store.isPreviewAccount ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconEyeOff size={18} />}
            title="Preview account"
            mb="lg"
          >
            You can look around this store. Preview mode can't take actions that change it.
          </Alert>
        ) : null}
        <CartDrawerContext value={canBuy ? cart.open : null}>
          <Box maw={1180}>{children}</Box>
        </CartDrawerContext>
      </AppShell.Main>
      {canBuy && cart.hasOpened ? (
        <Suspense fallback={null}>
          <CartDrawer
            opened={cart.isShown}
            onClose={() => cart.close()}
            onCheckout={() => cart.close(hrefs.checkout())}
          />
        </Suspense>
      ) : null}
    </AppShell>
  );
};
