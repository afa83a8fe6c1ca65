import { Button, CopyButton, Group, Paper, Skeleton, Stack, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconClipboardList, IconLink } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord } from '@/components/ui/missing-record';
import { hrefs, paths, type SupplierProfileTab } from '@/config/paths';
import { useRecordSupplierView, useSupplier } from '@/features/catalog/api/supplier-queries';
import { SupplierProfile } from '@/features/catalog/components/supplier-profile';
import { MessageSupplierButton } from '@/features/chat/components/message-supplier-button';
import { validateSupplierProfileSearch } from './supplier-profile-search';

export const ProfileSkeleton = () => (
  <Stack gap="lg" role="status" aria-label="Loading the supplier">
    <Skeleton h={180} radius="md" />
    <Skeleton h={36} w={420} />
    <Skeleton h={240} radius="md" />
  </Stack>
);

/** Back to the supplier search, above a supplier's profile or one of its products. */
export const BrowseSuppliersLink = () => (
  <AppAnchor href={paths.browseSuppliers} size="sm">
    <Group gap={4} component="span">
      <IconArrowLeft size={14} aria-hidden /> Browse suppliers
    </Group>
  </AppAnchor>
);

/** What a store can do about a supplier from its profile or products: write or request. */
export const ContactSupplierActions = ({ supplierId }: { supplierId: string }) => (
  <>
    <MessageSupplierButton supplierId={supplierId} variant="light" />
    <LinkButton
      href={hrefs.customProject({ supplierId })}
      leftSection={<IconClipboardList size={16} />}
    >
      Request a custom project
    </LinkButton>
  </>
);

const SharePreviewButton = ({ supplierId }: { supplierId: string }) => (
  <CopyButton value={`${window.location.origin}${hrefs.previewSupplierProfile(supplierId)}`}>
    {({ copied, copy }) => (
      <Tooltip label="A public page anyone can open, no account needed" withArrow>
        <Button variant="default" leftSection={<IconLink size={16} />} onClick={copy}>
          {copied ? 'Link copied' : 'Share'}
        </Button>
      </Tooltip>
    )}
  </CopyButton>
);

type SignedInSupplierProfileProps = {
  supplierId: string;
  tab: SupplierProfileTab;
  onTabChange: (tab: SupplierProfileTab) => void;
};

const SignedInSupplierProfile = ({
  supplierId,
  tab,
  onTabChange,
}: SignedInSupplierProfileProps) => {
  const supplier = useSupplier(supplierId);
  useRecordSupplierView(supplier.data?.id);
  useDocumentTitle(`${supplier.data?.name ?? 'Supplier profile'} · Atelier`);

  return (
    <Stack gap="md">
      <BrowseSuppliersLink />
      {supplier.isPending ? (
        <ProfileSkeleton />
      ) : supplier.isError ? (
        <Paper withBorder p="lg">
          <LoadError
            message="This supplier could not be loaded."
            onRetry={() => void supplier.refetch()}
          />
        </Paper>
      ) : supplier.data === null ? (
        <MissingRecord
          title="No such supplier"
          description="There is no supplier at this address. It may have left the marketplace, or the link may be mistyped."
        >
          <LinkButton href={paths.browseSuppliers} variant="light">
            Browse suppliers
          </LinkButton>
        </MissingRecord>
      ) : (
        <SupplierProfile
          supplier={supplier.data}
          tab={tab}
          onTabChange={onTabChange}
          actions={
            <>
              <SharePreviewButton supplierId={supplier.data.id} />
              <ContactSupplierActions supplierId={supplier.data.id} />
            </>
          }
        />
      )}
    </Stack>
  );
};

/** Spec §2 signed-in supplier profile, its tab chosen by `?tab=`. */
export const SupplierProfilePage = () => {
  const { supplierId = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false });
  const { tab = 'profile-info' } = validateSupplierProfileSearch({ tab: search.tab });
  const navigate = useNavigate();
  return (
    <SignedInSupplierProfile
      supplierId={supplierId}
      tab={tab}
      onTabChange={(next) =>
        void navigate({
          to: '.',
          search: (previous) => ({ ...previous, tab: next === 'profile-info' ? undefined : next }),
        })
      }
    />
  );
};
