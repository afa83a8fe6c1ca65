import { Alert, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { formatRelativeTime } from '@atelier/contract/common/format';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { MissingRecord } from '@/components/ui/missing-record';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs } from '@/config/paths';
import { SupplierPicker } from '@/features/catalog/components/supplier-picker';
import { useCustomProject } from '@/features/sourcing/api/custom-project-queries';
import { formValuesOf } from '@/features/sourcing/custom-project-form';
import {
  CustomProjectSummary,
  ProjectStatusBadge,
} from '@/features/sourcing/components/custom-project-summary';
import { CustomProjectWizard } from '@/features/sourcing/components/custom-project-wizard';

const customProjectRoute = getRouteApi('/app/create-custom-project/{-$rfpId}');

/** Spec §2 /create-custom-project/{rfpId?}: the custom project wizard, or a submitted request. */
export const CustomProjectPage = () => {
  const { rfpId } = customProjectRoute.useParams();
  const { supplierId } = customProjectRoute.useSearch();
  const router = useRouter();
  const project = useCustomProject(rfpId);
  useDocumentTitle(`${rfpId ? 'Custom project request' : 'New custom project request'} · Atelier`);
  const listHref = hrefs.inbox('custom-project-requests');

  const body = () => {
    if (rfpId && project.isPending) {
      return (
        <Stack gap="md" role="status" aria-label="Loading the request">
          <Skeleton h={60} />
          <Skeleton h={280} />
        </Stack>
      );
    }
    if (rfpId && (project.isError || !project.data)) {
      return (
        <MissingRecord
          title="No such request"
          description="There is no custom project request of yours at this address. It may have been deleted."
        >
          <LinkButton href={listHref} variant="light">
            Your requests
          </LinkButton>
        </MissingRecord>
      );
    }
    const saved = project.data ?? null;
    if (saved?.status === 'SUBMITTED') {
      return (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Alert color="teal" icon={<IconCircleCheck size={18} />}>
              Submitted {saved.submittedAt ? formatRelativeTime(saved.submittedAt) : ''}. The
              Atelier team{saved.companyName ? ` and ${saved.companyName}` : ''} will get back to
              you in your inbox.
            </Alert>
            <Group>
              <ProjectStatusBadge status={saved.status} />
            </Group>
            <CustomProjectSummary values={formValuesOf(saved)} supplierName={saved.companyName} />
          </Stack>
        </Paper>
      );
    }
    return (
      <CustomProjectWizard
        key={saved?.id ?? 'new'}
        project={saved}
        initialSupplierId={supplierId ?? null}
        renderSupplierPicker={(props) => <SupplierPicker {...props} />}
        onCreated={(created) =>
          void router.navigate({ href: hrefs.customProject({ rfpId: created.id }), replace: true })
        }
        onSubmitted={() => void router.navigate({ href: listHref })}
      />
    );
  };

  return (
    <Stack gap="md">
      <AppAnchor href={listHref} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> Custom project requests
        </Group>
      </AppAnchor>
      <PageHeader
        title={rfpId ? 'Custom project request' : 'New custom project request'}
        description={
          <Text span c="dimmed">
            Describe the product you want made. Your draft is saved at every step, so you can leave
            and continue later.
          </Text>
        }
      />
      {body()}
    </Stack>
  );
};
