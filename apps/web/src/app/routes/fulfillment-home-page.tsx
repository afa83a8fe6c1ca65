import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { AppAnchor } from '@/components/ui/app-anchor';
import { NotBuiltMarker } from '@/components/ui/not-built-marker';
import { PageHeader } from '@/components/ui/page-header';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { hrefs, paths } from '@/config/paths';
import { isUnbuiltHref } from './module-pages';

type FulfillmentTile = { title: string; description: string; href: string | null };

/**
 * Spec §2 fulfillment home tiles. Each opens its page where one exists; tiles of modules not
 * built yet are muted and marked. The financial report shows only when enabled, which no store is.
 */
const TILES: readonly FulfillmentTile[] = [
  { title: 'Create an order', description: 'Send an order to the fulfillment center.', href: null },
  {
    title: 'Create a shipping label',
    description: 'Buy and print a label for one parcel.',
    href: '/fulfillment-services/shipping-labels/new',
  },
  { title: 'Check inventory', description: 'Stock held for you, by SKU.', href: paths.inventory },
  {
    title: 'Ship to the US fulfillment center',
    description: 'Announce a shipment of your goods; it is counted into your stock on arrival.',
    href: paths.newReceiving,
  },
  {
    title: 'Order kitting services',
    description: 'Bundles, inserts and gift sets.',
    href: paths.kitting,
  },
  {
    title: 'Fulfillment rules',
    description: 'Inserts, packaging, holds and shipping methods for new orders; held orders.',
    href: paths.fulfillmentRules,
  },
  {
    title: 'Shipping label history',
    description: 'Every label you bought.',
    href: '/fulfillment-services/shipping-labels',
  },
  {
    title: 'Return settings',
    description: 'Returns of orders from every sales channel: inspected, restocked, refunded.',
    href: paths.returnSettings,
  },
  {
    title: 'Book a freight shipment',
    description: 'Move pallets or containers.',
    href: paths.freightBookings,
  },
  {
    title: 'Outbound and returns reports',
    description: 'What left and what came back.',
    href: paths.fulfillmentReports,
  },
  {
    title: 'Set up a pre-sale',
    description: 'Sell before your stock arrives.',
    href: paths.preSales,
  },
  {
    title: 'Book a quality check',
    description: 'Inspect a production run.',
    href: paths.qualityControl,
  },
];

const TileHeading = ({ tile, isBuilt }: { tile: FulfillmentTile; isBuilt: boolean }) => (
  <>
    <Group justify="space-between" align="flex-start" gap="xs">
      <Text fw={600} c={isBuilt ? undefined : 'dimmed'}>
        {tile.title}
      </Text>
      {isBuilt ? null : <NotBuiltMarker />}
    </Group>
    <Text size="sm" c="dimmed" mt={4}>
      {tile.description}
    </Text>
  </>
);

/** Spec §2 /fulfillment-services: the fulfillment module tiles. */
export const FulfillmentHomePage = () => {
  useDocumentTitle('Fulfillment · Atelier');
  const navigateTo = useHrefNavigation();
  return (
    <>
      <PageHeader
        title="Fulfillment"
        description="Storage, kitting, shipping labels, returns and freight from the fulfillment center."
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {TILES.map((tile) => {
          const isBuilt = tile.href !== null && !isUnbuiltHref(tile.href);
          // Tiles of unbuilt modules stay muted; those with a placeholder page still open it.
          const look = isBuilt ? {} : { bg: 'gray.0', 'data-not-built': true };
          return tile.href ? (
            <Card
              key={tile.title}
              component="a"
              href={tile.href}
              onClick={navigateTo(tile.href)}
              withBorder
              padding="lg"
              data-testid="fulfillment-tile"
              {...look}
            >
              <TileHeading tile={tile} isBuilt={isBuilt} />
            </Card>
          ) : (
            <Card
              key={tile.title}
              withBorder
              padding="lg"
              aria-disabled
              data-testid="fulfillment-tile"
              {...look}
            >
              <TileHeading tile={tile} isBuilt={false} />
            </Card>
          );
        })}
      </SimpleGrid>
      {/* Issue 15: beside the §2 tiles, warehouse support tickets and the packaging catalogue. */}
      <Group gap="lg" mt="lg">
        <AppAnchor href={paths.supportTickets} size="sm">
          Warehouse support tickets
        </AppAnchor>
        <AppAnchor href={hrefs.orderPackaging('poly-mailers')} size="sm">
          Order packaging
        </AppAnchor>
      </Group>
    </>
  );
};
