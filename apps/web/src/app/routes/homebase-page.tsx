import { Grid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ModuleTiles } from '@/features/homebase/components/module-tiles';
import { useSignedInUser } from '@/features/identity/api/account-queries';
import { managePlanHref } from '@/features/billing/components/manage-plan-modal-search';
import { PlanCard } from '@/features/identity/components/plan-card';
import { paths } from '@/config/paths';
import { isUnbuiltHref } from './module-pages';

/** Spec §2 /homebase: the store's welcome, its plan and the module tiles. */
export const HomebasePage = () => {
  const currentUser = useSignedInUser();
  useDocumentTitle('Home · Atelier');
  const greetingName = currentUser.user.name ?? currentUser.store.title;

  return (
    <Stack gap="xl">
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xs" justify="center" h="100%">
            <Text c="dimmed" size="sm" fw={500}>
              {currentUser.store.title}
            </Text>
            <Title order={1} data-testid="welcome-title">
              Welcome, {greetingName}
            </Title>
            <Text c="dimmed" maw={560}>
              Design a product, source it from vetted suppliers, store and ship it, market it, and
              read the numbers. Pick where to start.
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PlanCard
            planType={currentUser.store.planType}
            upgradeHref={(plan) => managePlanHref(paths.homebase, { step: 'manage', plan })}
            pricingHref={paths.pricing}
          />
        </Grid.Col>
      </Grid>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Your modules
        </Title>
        <ModuleTiles currentUser={currentUser} isUnbuilt={isUnbuiltHref} />
      </Stack>
    </Stack>
  );
};
