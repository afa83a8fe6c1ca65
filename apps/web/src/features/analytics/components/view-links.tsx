import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  ANALYTICS_CATEGORY_LABELS,
  ANALYTICS_VIEWS,
  type AnalyticsCategory,
} from '@atelier/contract/analytics/views';
import { AppAnchor } from '@/components/ui/app-anchor';

const CATEGORIES: readonly Exclude<AnalyticsCategory, 'dashboard'>[] = [
  'customers',
  'orders',
  'products',
  'marketing',
];

/** /analytics: a link to every view, by category. */
export const ViewLinks = () => (
  <Paper withBorder radius="md" p="md" component="nav" aria-label="Analytics views">
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
      {CATEGORIES.map((category) => (
        <Stack key={category} gap={6}>
          <Title order={2} fz="h5">
            {ANALYTICS_CATEGORY_LABELS[category]}
          </Title>
          {ANALYTICS_VIEWS.filter((view) => view.category === category).map((view) => (
            <AppAnchor key={view.key} href={view.path} size="sm">
              {view.title}
            </AppAnchor>
          ))}
        </Stack>
      ))}
    </SimpleGrid>
  </Paper>
);
