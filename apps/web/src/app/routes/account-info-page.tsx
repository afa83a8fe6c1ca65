import { Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { useSignedInUser } from '@/features/identity/api/account-queries';
import { useStoreProfile } from '@/features/identity/api/store-queries';
import { PlanCard } from '@/features/identity/components/plan-card';
import { ProfileForm } from '@/features/identity/components/profile-form';
import { ReceivedInvitesSection } from '@/features/identity/components/received-invites-section';
import { SectionCard } from '@/features/identity/components/section-card';
import { StoresSection } from '@/features/identity/components/stores-section';
import { TeamSection } from '@/features/identity/components/team-section';
import { DataExportSection } from '@/features/jobs/components/data-export-section';

/** Spec §2 /account-info: the store's profile, plan, team, stores and data export. */
export const AccountInfoPage = () => {
  const currentUser = useSignedInUser();
  const profile = useStoreProfile();
  useDocumentTitle('Account info · Atelier');
  const canEditStore = currentUser.role === 'OWNER' || currentUser.role === 'ADMIN';

  return (
    <>
      <PageHeader
        title="Account info"
        description={`Your profile, plan and team in ${currentUser.store.title}.`}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <SectionCard
              id="profile"
              title="Store profile"
              description={
                canEditStore
                  ? 'How your store and you appear across Atelier.'
                  : 'Only the owner and admins change the store profile.'
              }
            >
              {profile.isPending ? (
                <Stack gap="sm" aria-label="Loading the store profile">
                  <Skeleton h={56} />
                  <Skeleton h={56} />
                  <Skeleton h={56} />
                </Stack>
              ) : profile.isError ? (
                <Group>
                  <Text size="sm" c="red">
                    The store profile could not be loaded.
                  </Text>
                  <Button size="xs" variant="light" onClick={() => void profile.refetch()}>
                    Try again
                  </Button>
                </Group>
              ) : (
                <ProfileForm profile={profile.data} canEdit={canEditStore} />
              )}
            </SectionCard>
            <TeamSection
              planType={currentUser.store.planType}
              role={currentUser.role}
              userEmail={currentUser.user.email}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <div id="plan">
              <PlanCard planType={currentUser.store.planType} />
            </div>
            <StoresSection currentUser={currentUser} />
            <ReceivedInvitesSection />
            <DataExportSection />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
};
