import {
  Alert,
  Button,
  EmptyState,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPackage, IconPhoto, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import type { ProductSummary } from '@atelier/contract/sales/product';
import {
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type ProductStatus,
} from '@atelier/contract/sales/product-values';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { hrefs, paths } from '@/config/paths';
import { useProducts } from '../api/product-queries';
import type { InventorySearchParams } from '../search-params';

const THUMBNAIL_SIZE = 40;
const SHOWN_SKUS = 2;

const updatedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "$12.00", or "$12.00 – $18.00" when the variants' prices differ. */
export const formatPriceRange = (product: Pick<ProductSummary, 'minPrice' | 'maxPrice'>) =>
  product.minPrice.amount === product.maxPrice.amount
    ? formatMoney(product.minPrice)
    : `${formatMoney(product.minPrice)} – ${formatMoney(product.maxPrice)}`;

/** The first SKUs and how many more: "AP-SAGE, AP-RUST +3". */
export const formatSkus = (skus: readonly string[]) =>
  skus.length > SHOWN_SKUS
    ? `${skus.slice(0, SHOWN_SKUS).join(', ')} +${skus.length - SHOWN_SKUS}`
    : skus.join(', ');

/** The product's first image; the placeholder when it has none or it cannot be loaded. */
const Thumbnail = ({ url }: { url: string | null }) => {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  return url && url !== brokenUrl ? (
    <Image
      src={url}
      alt=""
      w={THUMBNAIL_SIZE}
      h={THUMBNAIL_SIZE}
      radius="sm"
      fit="cover"
      onError={() => setBrokenUrl(url)}
    />
  ) : (
    <Paper w={THUMBNAIL_SIZE} h={THUMBNAIL_SIZE} radius="sm" bg="gray.1" aria-hidden>
      <Group h="100%" justify="center">
        <IconPhoto size={18} color="var(--mantine-color-gray-5)" />
      </Group>
    </Paper>
  );
};

const AddProductButton = () => (
  <LinkButton href={paths.newProduct} leftSection={<IconPlus size={16} aria-hidden />}>
    Add product
  </LinkButton>
);

type NoProductsProps = {
  status: ProductStatus;
  search: string;
  total: number;
  onClearSearch: () => void;
};

/** What an empty tab says: no products at all, none of this status, or none for the search. */
const NoProducts = ({ status, search, total, onClearSearch }: NoProductsProps) => {
  const [title, description, action] =
    search !== ''
      ? [
          'No products match',
          `No ${status === 'ACTIVE' ? 'active' : 'archived'} product has a title word or vendor starting with “${search}”, or that SKU or barcode.`,
          <Button key="clear" variant="light" onClick={onClearSearch}>
            Clear search
          </Button>,
        ]
      : total === 0
        ? [
            'No products yet',
            'Add one: its title, options (sizes, colors…) and a variant for each combination, with SKUs and prices.',
            <AddProductButton key="add" />,
          ]
        : status === 'ARCHIVED'
          ? ['No archived products', 'Products you archive are kept here, out of your active list.']
          : [
              'No active products',
              'Every product of yours is archived. Unarchive one from the Archived tab, or add a new one.',
              <AddProductButton key="add" />,
            ];
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState
        icon={<IconPackage size={28} stroke={1.5} />}
        variant="light"
        title={title}
        description={description}
      >
        {action}
      </EmptyState>
    </Paper>
  );
};

const ProductRow = ({ product }: { product: ProductSummary }) => (
  <Table.Tr>
    <Table.Td w={THUMBNAIL_SIZE + 16}>
      <Thumbnail url={product.imageUrl} />
    </Table.Td>
    <Table.Td>
      <AppAnchor href={hrefs.product(product.id)} fw={500} lineClamp={2}>
        {product.title}
      </AppAnchor>
    </Table.Td>
    <Table.Td ta="right">{product.variantCount.toLocaleString('en-US')}</Table.Td>
    <Table.Td>
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {product.skus.length > 0 ? formatSkus(product.skus) : '–'}
      </Text>
    </Table.Td>
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
      {formatPriceRange(product)}
    </Table.Td>
    <Table.Td>
      <Text size="sm" lineClamp={1}>
        {product.vendor ?? '–'}
      </Text>
    </Table.Td>
    <Table.Td>
      <Text size="sm" lineClamp={1}>
        {product.productType ?? '–'}
      </Text>
    </Table.Td>
    <Table.Td style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm">{updatedFormat.format(new Date(product.updatedAt))}</Text>
    </Table.Td>
  </Table.Tr>
);

/** The address of a tab and search: Active and an empty search are the defaults, left out. */
const addressOf = (status: ProductStatus, search: string): InventorySearchParams => ({
  status: status === 'ARCHIVED' ? status : undefined,
  search: search.trim() || undefined,
});

type ProductListProps = {
  status: ProductStatus;
  search: string;
  /** A new tab or search for the address. */
  onChange: (next: InventorySearchParams) => void;
};

/**
 * Issue 11 /inventory list: the store's products of a status with the tabs' counts, a search
 * (title word start, vendor, exact SKU or barcode) and keyset pages.
 */
export const ProductList = ({ status, search, onChange }: ProductListProps) => {
  const [searchText, setSearchText] = useState(search);
  const applySearch = useDebouncedCallback(
    (value: string) => onChange(addressOf(status, value)),
    300,
  );
  const products = useProducts({ status, search });
  const firstPage = products.data?.pages[0];
  const rows = products.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = firstPage?.counts;
  const total = counts ? counts.ACTIVE + counts.ARCHIVED : 0;

  return (
    <Stack gap="md">
      <TextInput
        aria-label="Search products"
        placeholder="Title, vendor, SKU or barcode"
        leftSection={<IconSearch size={16} />}
        // The API searches at most 100 characters (ListProductsQuerySchema).
        maxLength={100}
        value={searchText}
        maw={420}
        onChange={(event) => {
          setSearchText(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
      />
      <Tabs
        value={status}
        onChange={(next) => onChange(addressOf(next === 'ARCHIVED' ? next : 'ACTIVE', search))}
        keepMounted={false}
      >
        <Tabs.List>
          {PRODUCT_STATUSES.map((key) => (
            <Tabs.Tab
              key={key}
              value={key}
              rightSection={
                counts ? (
                  <Text span size="xs" c="dimmed" fw={600}>
                    {counts[key].toLocaleString('en-US')}
                  </Text>
                ) : null
              }
            >
              {PRODUCT_STATUS_LABELS[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {products.isError ? (
        <Alert color="red" title="The products could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check the connection and try again.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void products.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : products.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading products">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={44} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <NoProducts
          status={status}
          search={search}
          total={total}
          onClearSearch={() => {
            setSearchText('');
            onChange(addressOf(status, ''));
          }}
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="products-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <VisuallyHidden>Image</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Variants</Table.Th>
                  <Table.Th>SKUs</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th>Vendor</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((product) => (
                  <ProductRow key={product.id} product={product} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {rows.length.toLocaleString('en-US')} of{' '}
              {(counts?.[status] ?? rows.length).toLocaleString('en-US')} shown
            </Text>
            {products.hasNextPage ? (
              <Button
                variant="default"
                loading={products.isFetchingNextPage}
                onClick={() => {
                  if (!products.isFetchingNextPage) void products.fetchNextPage();
                }}
              >
                Load more
              </Button>
            ) : null}
          </Group>
        </>
      )}
    </Stack>
  );
};
