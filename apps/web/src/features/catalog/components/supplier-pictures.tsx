import { Image, SimpleGrid, Text } from '@mantine/core';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';

/** Issue 10: the factory photos the supplier uploaded, or a note that there are none. */
export const SupplierPhotos = ({ supplier }: { supplier: CatalogCompany }) =>
  supplier.photoUrls.length === 0 ? (
    <Text size="sm" c="dimmed">
      No factory photos yet.
    </Text>
  ) : (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="supplier-photos">
      {supplier.photoUrls.map((url, index) => (
        <a key={url} href={url} target="_blank" rel="noopener noreferrer">
          <Image
            src={url}
            alt={`${supplier.name} factory photo ${index + 1}`}
            h={110}
            radius="sm"
            fit="cover"
            loading="lazy"
          />
        </a>
      ))}
    </SimpleGrid>
  );
