import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingFactory2,
  IconBuildingStore,
  IconBulb,
  IconChartBar,
  IconMail,
  IconMessages,
  IconPalette,
  IconPhoto,
  IconRobot,
  IconSparkles,
  IconTruckDelivery,
  IconWorldSearch,
  type Icon,
} from '@tabler/icons-react';
import type { CurrentUser } from '@atelier/contract/identity/account';
import { DeferredTooltip } from '@/components/ui/deferred-tooltip';
import { NotBuiltMarker } from '@/components/ui/not-built-marker';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { FEATURE_FLAG_LABELS, resolvePageAccess } from '@/config/access';
import { hrefs, paths } from '@/config/paths';

type ModuleTile = { key: string; title: string; description: string; href: string; icon: Icon };

/** Spec §1 modules, each opening its area. */
const MODULE_TILES: readonly ModuleTile[] = [
  {
    key: 'product-design',
    title: 'AI product design',
    description: 'Turn an idea into product concepts and designs.',
    href: '/product-design',
    icon: IconBulb,
  },
  {
    key: 'brand-kits',
    title: 'Brand kits',
    description: 'Generate an idea, mood board, market research and product ideas.',
    href: '/business-kits',
    icon: IconPalette,
  },
  {
    key: 'sourcing',
    title: 'Sourcing marketplace',
    description: 'Vetted suppliers for products, packaging, services and websites.',
    href: paths.sourcingHome,
    icon: IconBuildingFactory2,
  },
  {
    key: 'sourcing-agent',
    title: 'AI sourcing agent',
    description: 'Tech packs and messages to factories, drafted for you.',
    href: '/sourcing-agent',
    icon: IconRobot,
  },
  {
    key: 'inbox',
    title: 'Inbox',
    description: 'Conversations, orders and invoices with your suppliers.',
    href: hrefs.inbox('messages'),
    icon: IconMessages,
  },
  {
    key: 'fulfillment',
    title: 'Fulfillment center',
    description: 'Storage, kitting, shipping labels, returns and freight.',
    href: paths.fulfillmentHome,
    icon: IconTruckDelivery,
  },
  {
    key: 'marketing',
    title: 'Marketing',
    description: 'Email capture, SMS, affiliates and influencer seeding.',
    href: '/email-capture',
    icon: IconMail,
  },
  {
    key: 'storefront',
    title: 'Storefront',
    description: 'Your shop, print on demand and wholesale.',
    href: paths.manageShop,
    icon: IconBuildingStore,
  },
  {
    key: 'analytics',
    title: 'Analytics',
    description: 'Customers, orders, products and marketing, charted.',
    href: paths.analytics,
    icon: IconChartBar,
  },
  {
    key: 'content-studio',
    title: 'Content studio',
    description: 'Product photos, videos and ads made with AI.',
    href: '/content-studio/dashboard/home',
    icon: IconPhoto,
  },
  {
    key: 'social-research',
    title: 'Social research',
    description: 'Watch competitors and the content made about your brand.',
    href: '/social-analysis/all-content',
    icon: IconWorldSearch,
  },
  {
    key: 'copilot',
    title: 'AI Business Partner',
    description: 'Ask about your business; answers from your connected data.',
    href: hrefs.newCopilotChat('homebase'),
    icon: IconSparkles,
  },
];

type ModuleTilesProps = {
  currentUser: CurrentUser;
  /** Whether a tile's page belongs to a module not built yet (the route knows the pages). */
  isUnbuilt: (href: string) => boolean;
};

/**
 * The module tiles of /homebase, with spec §6 flags, roles and preview blocks applied. Tiles of
 * modules not built yet are muted and marked, and still open their placeholder page.
 */
export const ModuleTiles = ({ currentUser, isUnbuilt }: ModuleTilesProps) => {
  const navigateTo = useHrefNavigation();
  const tiles = MODULE_TILES.map((tile) => ({
    tile,
    access: resolvePageAccess(tile.href, currentUser),
  })).filter(({ access }) => access.kind !== 'not-enabled' && access.kind !== 'role-restricted');

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="module-tiles">
      {tiles.map(({ tile, access }) => {
        const TileIcon = tile.icon;
        const isLocked = access.kind === 'locked';
        const isNotBuilt = isUnbuilt(tile.href);
        const isMuted = isLocked || isNotBuilt;
        const card = (
          <Card
            component="a"
            href={tile.href}
            onClick={navigateTo(tile.href)}
            withBorder
            radius="md"
            padding="lg"
            data-module={tile.key}
            data-not-built={isNotBuilt || undefined}
            bg={isNotBuilt ? 'gray.0' : undefined}
            style={{ height: '100%' }}
          >
            <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
              <ThemeIcon variant="light" size="lg" radius="md" color={isMuted ? 'gray' : 'indigo'}>
                <TileIcon size={20} stroke={1.6} />
              </ThemeIcon>
              <Group gap={6} justify="flex-end">
                {isNotBuilt ? <NotBuiltMarker /> : null}
                {isLocked ? (
                  <Badge variant="light" color="gray" size="sm">
                    Turned off
                  </Badge>
                ) : null}
              </Group>
            </Group>
            <Text fw={600} c={isNotBuilt ? 'dimmed' : undefined}>
              {tile.title}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {tile.description}
            </Text>
          </Card>
        );
        return (
          <div key={tile.key}>
            {isLocked ? (
              <DeferredTooltip
                label={`${FEATURE_FLAG_LABELS[access.flag]} is turned off for this store.`}
                withArrow
              >
                {card}
              </DeferredTooltip>
            ) : (
              card
            )}
          </div>
        );
      })}
    </SimpleGrid>
  );
};
