import { Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { useHashScroll } from '@/components/ui/use-hash-scroll';
import { BillingInvoicesSection } from '@/features/billing/components/billing-invoices-section';
import { BillingSummary } from '@/features/billing/components/billing-summary';
import { BundlesSection } from '@/features/billing/components/bundles-section';
import { CreditsSection } from '@/features/billing/components/credits-section';
import { PaymentMethodsSection } from '@/features/billing/components/payment-methods-section';
import { SeatsSection } from '@/features/billing/components/seats-section';
import { TestClockPanel } from '@/features/billing/components/test-clock-panel';
import { useSignedInUser } from '@/features/identity/api/account-queries';
import { useStoreProfile } from '@/features/identity/api/store-queries';
import { ProfileForm } from '@/features/identity/components/profile-form';
import { ReceivedInvitesSection } from '@/features/identity/components/received-invites-section';
import { SectionCard } from '@/features/identity/components/section-card';
import { StoresSection } from '@/features/identity/components/stores-section';
import { TeamSection } from '@/features/identity/components/team-section';
import { DataExportSection } from '@/features/jobs/components/data-export-section';

/**
 * Spec §2 /account-info: the store's profile, team, stores and data export, and its billing
 * (issue 13; /billing-and-reporting lands on `#billing`): plan and status, payment methods,
 * invoices, credits, seats, bundles and, with test payments, the test clock. "Manage plan" opens
 * the plan modal through `?dialog=manage_plan`, which the signed-in layout renders.
 */
export const AccountInfoPage = () => {
  const currentUser = useSignedInUser();
  const profile = useStoreProfile();
  useDocumentTitle('Account info · Atelier');
  // `#billing` (where /billing-and-reporting lands) and the other sections' anchors.
  useHashScroll();
  const canEditStore = currentUser.role === 'OWNER' || currentUser.role === 'ADMIN';
  // Only the owner and admins change billing (the server answers 403 to anyone else).
  const canManageBilling = canEditStore;

  return (
    <>
      <PageHeader
        title="Account info"
        description={`Your profile, plan, billing and team in ${currentUser.store.title}.`}
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
            <PaymentMethodsSection canManage={canManageBilling} />
            <BundlesSection canManage={canManageBilling} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <div id="plan">
              <BillingSummary canManage={canManageBilling} />
            </div>
            <SeatsSection canManage={canManageBilling} />
            <TestClockPanel canManage={canManageBilling} />
            <StoresSection currentUser={currentUser} />
            <ReceivedInvitesSection />
            <DataExportSection />
          </Stack>
        </Grid.Col>
      </Grid>
      {/* The tables take the page's width. */}
      <Stack gap="lg" mt="lg">
        <BillingInvoicesSection canManage={canManageBilling} />
        <CreditsSection />
      </Stack>
    </>
  );
};
