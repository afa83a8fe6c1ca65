import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { useOwnSupplierProfile } from '@/features/catalog/api/supplier-profile-queries';
import { SupplierItemsSection } from '@/features/catalog/components/supplier-items-section';
import { SupplierProfileForm } from '@/features/catalog/components/supplier-profile-form';

/** Issue 10: /partner/profile, where a supplier edits what stores see of it. */
export const PartnerProfilePage = () => {
  useDocumentTitle('Profile · Atelier for suppliers');
  const profile = useOwnSupplierProfile();
  const [isDirty, setIsDirty] = useState(false);

  return (
    <Stack gap="lg" maw={960} mx="auto" py="md">
      <div>
        <Title order={1} fz="h2">
          Your profile
        </Title>
        <Text c="dimmed" size="sm">
          What stores see of {profile.data?.name ?? 'your company'}. Values you set replace the
          generated demo values.
        </Text>
      </div>
      {profile.isPending ? (
        <Center mih={240} role="status" aria-label="Loading your profile">
          <Loader />
        </Center>
      ) : profile.isError ? (
        <Stack align="flex-start" gap="sm">
          <Text>Your profile could not be loaded.</Text>
          <Button onClick={() => void profile.refetch()}>Try again</Button>
        </Stack>
      ) : (
        <SupplierProfileForm profile={profile.data} onDirtyChange={setIsDirty} />
      )}
      <SupplierItemsSection supplierId={profile.data?.companyId} />
      <UnsavedChangesGuard isDirty={isDirty} />
    </Stack>
  );
};
