import {
  Alert,
  Button,
  EmptyState,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconClipboardList, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { CustomProject } from '@atelier/contract/sourcing/custom-project';
import { formatRelativeTime } from '@atelier/contract/common/format';
import { AppAnchor } from '@/components/ui/app-anchor';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { hrefs } from '@/config/paths';
import { showSuccessToast } from '@/lib/notify';
import { useCustomProjects, useDeleteCustomProject } from '../api/custom-project-queries';
import { formatCompletionDate, ProjectStatusBadge } from './custom-project-summary';

const DeleteDraftModal = ({
  project,
  onClose,
}: {
  project: CustomProject | null;
  onClose: () => void;
}) => {
  const remove = useDeleteCustomProject();
  return (
    <Modal opened={project !== null} onClose={onClose} title="Delete this draft?" centered>
      <Text>“{project?.title ?? 'Untitled request'}” will be deleted. This cannot be undone.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Keep it
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() => {
            if (!project) return;
            remove.mutate(project.id, {
              onSuccess: () => {
                showSuccessToast('Draft deleted.');
                onClose();
              },
            });
          }}
        >
          Delete draft
        </Button>
      </Group>
    </Modal>
  );
};

export const NewCustomProjectButton = ({ supplierId }: { supplierId?: string }) => {
  const navigateTo = useHrefNavigation();
  const href = hrefs.customProject({ supplierId });
  return (
    <Button
      component="a"
      href={href}
      onClick={navigateTo(href)}
      leftSection={<IconPlus size={16} />}
    >
      New custom project request
    </Button>
  );
};

/** Spec §2 inbox tab: the store's custom project requests, drafts first to continue. */
export const CustomProjectList = () => {
  const projects = useCustomProjects();
  const [toDelete, setToDelete] = useState<CustomProject | null>(null);

  if (projects.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading custom project requests">
        <Skeleton h={44} />
        <Skeleton h={44} />
        <Skeleton h={44} />
      </Stack>
    );
  }
  if (projects.isError) {
    return (
      <Alert color="red" title="Your requests could not be loaded">
        <Button size="xs" variant="light" color="red" onClick={() => void projects.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (projects.data.items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconClipboardList size={28} stroke={1.5} />}
          variant="light"
          title="No custom project requests yet"
          description="Describe a product you want made (material, print, quantity and date) and send it to one supplier or let the Atelier team match suppliers."
        >
          <NewCustomProjectButton />
        </EmptyState>
      </Paper>
    );
  }

  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="custom-project-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>Quantity</Table.Th>
              <Table.Th>Completion date</Table.Th>
              <Table.Th>Supplier</Table.Th>
              <Table.Th>Updated</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {projects.data.items.map((project) => {
              const href = hrefs.customProject({ rfpId: project.id });
              const isDraft = project.status === 'DRAFT';
              return (
                <Table.Tr key={project.id} data-testid="custom-project-row">
                  <Table.Td>
                    <ProjectStatusBadge status={project.status} />
                  </Table.Td>
                  <Table.Td maw={260}>
                    <AppAnchor href={href} fw={500} lineClamp={2}>
                      {project.title ?? 'Untitled request'}
                    </AppAnchor>
                  </Table.Td>
                  <Table.Td>
                    {project.quantity === null ? '—' : project.quantity.toLocaleString('en-US')}
                  </Table.Td>
                  <Table.Td>
                    {project.completionDate ? formatCompletionDate(project.completionDate) : '—'}
                  </Table.Td>
                  <Table.Td maw={200}>
                    <Text size="sm" truncate>
                      {project.companyName ?? 'Any supplier'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {formatRelativeTime(project.updatedAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <AppAnchor href={href} size="sm">
                        {isDraft ? 'Continue' : 'View'}
                      </AppAnchor>
                      {isDraft ? (
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => setToDelete(project)}
                          aria-label={`Delete draft ${project.title ?? 'Untitled request'}`}
                        >
                          Delete
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DeleteDraftModal project={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
};
