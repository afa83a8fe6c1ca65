import {
  Anchor,
  Badge,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconExternalLink, IconMapPin, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import { REGION_NAMES } from '@atelier/contract/reference/geography';
import { openStreetMapUrl } from '../catalog-format';
import { describeSources } from '../value-sources';
import { CountryLabel } from './country-label';
import { DemoLegend, DemoMarker } from './demo-marker';
import { OfferingBadges, SupplierFacts } from './supplier-facts';
import { SupplierPhotos } from './supplier-pictures';

/** The "profile info" and "capabilities" tabs of a supplier profile (spec §2). */

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="xs">
    <Title order={3} fz="h5">
      {title}
    </Title>
    {children}
  </Stack>
);

/** Where the supplier is: the real address, its country and region, and a map link. */
export const SupplierLocation = ({ supplier }: { supplier: CatalogCompany }) => {
  const region = supplier.regionCode ? REGION_NAMES[supplier.regionCode] : null;
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="gray" size="sm" mt={2}>
          <IconMapPin size={14} />
        </ThemeIcon>
        <Stack gap={2}>
          {supplier.address ? (
            <Text size="sm" data-testid="supplier-address">
              {supplier.address}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            <CountryLabel countryCode={supplier.countryCode} countryName={supplier.countryName} />
            {region ? ` · ${region}` : null}
          </Text>
        </Stack>
      </Group>
      {supplier.latitude !== null && supplier.longitude !== null ? (
        <Anchor
          href={openStreetMapUrl(supplier.latitude, supplier.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          <Group gap={4} component="span" wrap="nowrap">
            Open in OpenStreetMap <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      ) : null}
    </Stack>
  );
};

export const ProfileInfo = ({ supplier }: { supplier: CatalogCompany }) => {
  const sourceNotes = describeSources(supplier.fieldSources);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <Stack gap="lg">
        <Section title="About">
          <Group gap={4} align="flex-start" wrap="nowrap">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {supplier.description}
            </Text>
            <DemoMarker source={supplier.fieldSources.description} label="description" />
          </Group>
        </Section>
        <Section title="Offers">
          <OfferingBadges supplier={supplier} />
        </Section>
        {supplier.certifications.length > 0 ? (
          <Section title="Certifications">
            <Group gap={6}>
              {supplier.certifications.map((certification) => (
                <Badge key={certification} variant="light" color="teal">
                  {certification}
                </Badge>
              ))}
            </Group>
          </Section>
        ) : null}
        <Section title="Factory photos">
          <SupplierPhotos supplier={supplier} />
        </Section>
      </Stack>
      <Stack gap="lg">
        <Section title="Location">
          <SupplierLocation supplier={supplier} />
        </Section>
        {supplier.website ? (
          <Section title="Website">
            <Anchor href={supplier.website} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} component="span" wrap="nowrap">
                <IconWorld size={14} aria-hidden /> {supplier.website}
              </Group>
            </Anchor>
          </Section>
        ) : null}
        <Section title="Where this profile comes from">
          {supplier.source === 'demo' ? (
            <Text size="sm" c="dimmed">
              A demo supplier generated for this catalog: it is not a real company.
            </Text>
          ) : null}
          {sourceNotes.map((note) => (
            <Text key={note} size="sm" c="dimmed">
              {note}
            </Text>
          ))}
          <DemoLegend />
        </Section>
      </Stack>
    </SimpleGrid>
  );
};

export const Capabilities = ({ supplier }: { supplier: CatalogCompany }) => (
  <Stack gap="xl">
    <Section title="What they do">
      {supplier.capabilities.length === 0 ? (
        <Text size="sm" c="dimmed">
          No capabilities listed yet.
        </Text>
      ) : (
        <Group gap={4} align="flex-start" wrap="nowrap">
          <List
            spacing={6}
            size="sm"
            icon={
              <ThemeIcon color="teal" variant="light" size={20} radius="xl">
                <IconCircleCheck size={14} />
              </ThemeIcon>
            }
            style={{ columns: '2 220px' }}
            data-testid="capability-list"
          >
            {supplier.capabilities.map((capability) => (
              <List.Item key={capability}>{capability}</List.Item>
            ))}
          </List>
          <DemoMarker source={supplier.fieldSources.capabilities} label="capabilities" />
        </Group>
      )}
    </Section>
    <Section title="Production">
      <SupplierFacts supplier={supplier} />
    </Section>
    <Section title="Offers">
      <OfferingBadges supplier={supplier} />
    </Section>
  </Stack>
);
