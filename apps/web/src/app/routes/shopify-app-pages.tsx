import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconShoppingBag, IconCircleCheck } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { hrefs, paths } from '@/config/paths';
import { useCurrentUser } from '@/features/identity/api/account-queries';
import { useStartShopifyInstall } from '@/features/sales/api/channel-queries';
import { useShopifyLaunch } from '@/features/sales/api/shopify-app-queries';
import { hasSession } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

const appBindRoute = getRouteApi('/public/app-bind');
const bindShopifyRoute = getRouteApi('/public/bind-shopify');
const paidSuccessRoute = getRouteApi('/public/shopify-paid-success');

const SHOP_PATTERN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

const Frame = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p="xl" maw={640} mx="auto">
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <IconShoppingBag size={28} aria-hidden color="var(--mantine-color-teal-7)" />
        <Title order={1} fz="h2">
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  </Paper>
);

const Problem = ({ title, children }: { title: string; children: ReactNode }) => (
  <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={title} role="alert">
    {children}
  </Alert>
);

/** The address's whole query, as Shopify signed it (every parameter counts for the signature). */
const useLaunchQuery = () =>
  useState(() => Object.fromEntries(new URLSearchParams(window.location.search)))[0];

/**
 * "Continue to Shopify": starts the app's install for the signed-in store and sends the browser to
 * the shop's approval page; Shopify's answer connects the shop and comes back to Sales channels.
 */
const ContinueToShopify = ({ shop, label }: { shop: string; label: string }) => {
  const install = useStartShopifyInstall();
  const [isLeaving, setIsLeaving] = useState(false);
  return (
    <Stack gap="xs">
      {install.error ? (
        <Problem title={`${shop} could not be connected`}>{install.error.message}</Problem>
      ) : null}
      <Group>
        <Button
          loading={install.isPending || isLeaving}
          onClick={() =>
            install.mutate(
              { shop },
              {
                onSuccess: ({ authorizeUrl }) => {
                  setIsLeaving(true);
                  window.location.assign(authorizeUrl);
                },
              },
            )
          }
        >
          {label}
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * Spec §2 /shopify (issue 11): the page Shopify's app store opens with `?shop&hmac&timestamp`.
 * The signature is checked first; then a signed-in store goes on to the install (or to its Sales
 * channels when the shop is connected already), and anyone else to /app-bind to log in first.
 */
export const ShopifyLaunchPage = () => {
  useDocumentTitle('Atelier for Shopify · Atelier');
  const query = useLaunchQuery();
  const navigate = useNavigate();
  const isSigned = Boolean(query.shop && query.hmac);
  const launch = useShopifyLaunch(isSigned ? query : { shop: '' });
  const isSignedIn = hasSession();
  const shop = launch.data?.shop;

  useEffect(() => {
    if (!shop || isSignedIn) return;
    void navigate({
      to: '/app-bind',
      search: { appName: 'shopify', shop },
      replace: true,
    });
  }, [shop, isSignedIn, navigate]);

  if (!isSigned) {
    return (
      <Frame title="Atelier for Shopify">
        <Text>
          This page opens when you add Atelier from the Shopify App Store or open it from your
          Shopify admin. To connect a shop yourself, go to Sales channels.
        </Text>
        <Group>
          <LinkButton href={paths.ecommerceServices}>Open Sales channels</LinkButton>
        </Group>
      </Frame>
    );
  }
  if (launch.isPending || (shop && !isSignedIn)) {
    return (
      <Frame title="Atelier for Shopify">
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Checking the link from Shopify…</Text>
        </Group>
      </Frame>
    );
  }
  if (launch.isError) {
    return (
      <Frame title="Atelier for Shopify">
        <Problem title="This link cannot be used">
          {launch.error instanceof ApiError
            ? launch.error.message
            : 'The link could not be checked. Try again in a moment.'}
        </Problem>
        <Group>
          <LinkButton href={paths.ecommerceServices} variant="default">
            Open Sales channels
          </LinkButton>
        </Group>
      </Frame>
    );
  }
  if (launch.data.isConnected) {
    return (
      <Frame title="Atelier for Shopify">
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {launch.data.shop} is connected to your Atelier store.
        </Alert>
        <Group>
          <LinkButton href={paths.orders}>Open orders</LinkButton>
          <LinkButton href={paths.ecommerceServices} variant="default">
            Sales channels
          </LinkButton>
        </Group>
      </Frame>
    );
  }
  return (
    <Frame title="Connect your Shopify shop">
      <Text>
        Shopify sent you here for <strong>{launch.data.shop}</strong>. Connecting it brings its
        products, customers and orders into your Atelier store, and its new orders as they come.
      </Text>
      <ContinueToShopify shop={launch.data.shop} label="Continue to Shopify" />
    </Frame>
  );
};

type BindSearch = {
  appName?: string | undefined;
  shop?: string | undefined;
  email?: string | undefined;
  shopName?: string | undefined;
};

/** The bind itself: log in or register first, then confirm the store the shop connects to. */
const AppBind = ({ search, appName }: { search: BindSearch; appName: string }) => {
  const currentUser = useCurrentUser();
  const isSignedIn = hasSession();
  const shop = search.shop?.toLowerCase();
  const returnPath = `${window.location.pathname}${window.location.search}`;
  const shopLabel = search.shopName ? `${search.shopName} (${shop ?? ''})` : shop;

  if (appName !== 'shopify') {
    return (
      <Frame title="Connect an app">
        <Text>
          Linking {appName} to an Atelier account is not available on this server yet. Your account
          is unchanged.
        </Text>
        <Group>
          <LinkButton href={paths.homebase}>Go to Atelier</LinkButton>
        </Group>
      </Frame>
    );
  }
  if (!shop || !SHOP_PATTERN.test(shop)) {
    return (
      <Frame title="Connect Shopify">
        <Problem title="This link names no Shopify shop">
          Open Atelier again from your Shopify admin, or connect your shop from Sales channels.
        </Problem>
        <Group>
          <LinkButton href={paths.ecommerceServices} variant="default">
            Open Sales channels
          </LinkButton>
        </Group>
      </Frame>
    );
  }
  if (!isSignedIn) {
    return (
      <Frame title="Connect Shopify">
        <Text>
          To link <strong>{shopLabel}</strong> to Atelier, log in to your Atelier account or create
          one. Then you confirm which store it connects to.
        </Text>
        {search.email ? (
          <Text size="sm" c="dimmed">
            Shopify gave {search.email} as the shop’s e-mail address; you may use it for your
            account.
          </Text>
        ) : null}
        <Group>
          <LinkButton href={hrefs.login(returnPath)}>Log in</LinkButton>
          <LinkButton href={hrefs.register(returnPath)} variant="default">
            Create an account
          </LinkButton>
        </Group>
      </Frame>
    );
  }
  if (currentUser.isPending) {
    return (
      <Frame title="Connect Shopify">
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading your store…</Text>
        </Group>
      </Frame>
    );
  }
  const store = currentUser.data?.store;
  return (
    <Frame title="Connect Shopify">
      <Text>
        Connect <strong>{shopLabel}</strong> to the Atelier store{' '}
        <strong>{store?.title ?? 'you are signed in to'}</strong>? Its products, customers and
        orders come into this store, and its new orders as they come.
      </Text>
      <Text size="sm" c="dimmed">
        Shopify asks you to approve the app next. Not the right store?{' '}
        <a href={hrefs.login(returnPath)}>Log in with another account</a>.
      </Text>
      <ContinueToShopify shop={shop} label={`Connect ${shop}`} />
    </Frame>
  );
};

/** Spec §2 /app-bind (issue 11): link a shop that installed the app to an Atelier store. */
export const AppBindPage = () => {
  useDocumentTitle('Connect an app · Atelier');
  const search = appBindRoute.useSearch();
  return <AppBind search={search} appName={(search.appName ?? 'shopify').toLowerCase()} />;
};

/** Spec §2 /bind-shopify: the same bind, for a Shopify shop. */
export const BindShopifyPage = () => {
  useDocumentTitle('Connect Shopify · Atelier');
  const search = bindShopifyRoute.useSearch();
  return <AppBind search={search} appName="shopify" />;
};

/** Spec §2 /shopify-paid-success: the merchant approved a charge in the Shopify admin. */
export const ShopifyPaidSuccessPage = () => {
  useDocumentTitle('Shopify charge approved · Atelier');
  const { shop } = paidSuccessRoute.useSearch();
  return (
    <Frame title="Charge approved on Shopify">
      <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
        You approved the charge in {shop ? `${shop}’s` : 'your'} Shopify admin. Shopify bills it
        with your shop’s invoice.
      </Alert>
      <Text>
        This server does not bill Atelier plans through Shopify, so your Atelier plan is as it was;
        Account shows it.
      </Text>
      <Group>
        <LinkButton href={paths.homebase}>Go to Atelier</LinkButton>
        <LinkButton href={paths.accountInfo} variant="default">
          Open Account
        </LinkButton>
      </Group>
    </Frame>
  );
};
