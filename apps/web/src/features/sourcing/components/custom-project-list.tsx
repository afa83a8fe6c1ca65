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
import { useMediaQuery } from '@mantine/hooks';
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

const titleOf = (project: CustomProject) => project.title ?? 'Untitled request';

type ProjectActionsProps = { project: CustomProject; onDelete: (project: CustomProject) => void };

/** "Continue" and "Delete" for a draft, "View" for a submitted request. */
const ProjectActions = ({ project, onDelete }: ProjectActionsProps) => {
  const isDraft = project.status === 'DRAFT';
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <AppAnchor href={hrefs.customProject({ rfpId: project.id })} size="sm">
        {isDraft ? 'Continue' : 'View'}
      </AppAnchor>
      {isDraft ? (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={14} />}
          onClick={() => onDelete(project)}
          aria-label={`Delete draft ${titleOf(project)}`}
        >
          Delete
        </Button>
      ) : null}
    </Group>
  );
};

/** Issue 10: on phones each request is a card, so nothing is cut off at the screen's edge. */
const ProjectCard = ({ project, onDelete }: ProjectActionsProps) => {
  const facts = [
    project.quantity === null ? null : `${project.quantity.toLocaleString('en-US')} units`,
    project.completionDate ? `by ${formatCompletionDate(project.completionDate)}` : null,
    project.companyName ?? 'Any supplier',
  ].filter((fact): fact is string => fact !== null);
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="custom-project-card">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <AppAnchor
            href={hrefs.customProject({ rfpId: project.id })}
            fw={500}
            lineClamp={2}
            miw={0}
          >
            {titleOf(project)}
          </AppAnchor>
          <ProjectStatusBadge status={project.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {facts.join(' · ')}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="xs" c="dimmed">
            Updated {formatRelativeTime(project.updatedAt)}
          </Text>
          <ProjectActions project={project} onDelete={onDelete} />
        </Group>
      </Stack>
    </Paper>
  );
};

/**
 * Spec §2 inbox tab: the store's custom project requests, drafts first to continue. A table on
 * wider screens, a list of cards on phones (issue 10).
 */
export const CustomProjectList = () => {
  const projects = useCustomProjects();
  const [toDelete, setToDelete] = useState<CustomProject | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

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

  if (isPhone) {
    return (
      <>
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Custom project requests"
        >
          {projects.data.items.map((project) => (
            <ProjectCard key={project.id} project={project} onDelete={setToDelete} />
          ))}
        </Stack>
        <DeleteDraftModal project={toDelete} onClose={() => setToDelete(null)} />
      </>
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
              return (
                <Table.Tr key={project.id} data-testid="custom-project-row">
                  <Table.Td>
                    <ProjectStatusBadge status={project.status} />
                  </Table.Td>
                  <Table.Td maw={260}>
                    <AppAnchor href={href} fw={500} lineClamp={2}>
                      {titleOf(project)}
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
                    <ProjectActions project={project} onDelete={setToDelete} />
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
