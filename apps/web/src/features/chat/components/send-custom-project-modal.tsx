import { Badge, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { SendMessagePayload } from '@atelier/contract/chat/message';
import { customProjectStatusLabel } from '@atelier/contract/sourcing/custom-project';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { hrefs } from '@/config/paths';
import { formatUnitCount } from '../chat-format';
import type { ChatShareSources } from '../share-sources';
import { SharePickList, SharePickRow } from './share-pick-list';

type SendCustomProjectModalProps = {
  useCustomProjects: ChatShareSources['useCustomProjects'];
  onClose: () => void;
  onSend: (payload: SendMessagePayload) => void;
};

/** The store picks one of its custom project requests (RFPs) to send to the supplier. */
export const SendCustomProjectModal = ({
  useCustomProjects,
  onClose,
  onSend,
}: SendCustomProjectModalProps) => {
  const projects = useCustomProjects();

  return (
    <Modal opened onClose={onClose} title="Send a custom project request" size="lg">
      {projects.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading your custom projects">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : projects.isError ? (
        <LoadError
          message="Your custom projects could not be loaded."
          onRetry={() => void projects.refetch()}
        />
      ) : projects.data.items.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed" size="sm">
            You have no custom project requests yet.
          </Text>
          <LinkButton href={hrefs.customProject()} variant="light" size="xs">
            Start a custom project
          </LinkButton>
        </Stack>
      ) : (
        <SharePickList maxHeight={420}>
          {projects.data.items.map((project) => {
            const title = project.title || 'Untitled project';
            return (
              <SharePickRow
                key={project.id}
                name={title}
                onSend={() =>
                  onSend({
                    type: 'CREATOR_CUSTOM_PROJECT',
                    projectId: project.id,
                    title: title.slice(0, 300),
                    quantity: project.quantity,
                  })
                }
              >
                <Stack gap={2} miw={0}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500} truncate>
                      {title}
                    </Text>
                    <Badge
                      size="xs"
                      variant="light"
                      tt="none"
                      color={project.status === 'DRAFT' ? 'gray' : 'teal'}
                    >
                      {customProjectStatusLabel(project.status)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {project.quantity === null
                      ? 'Quantity not set'
                      : formatUnitCount(project.quantity)}
                    {project.material ? ` · ${project.material}` : ''}
                  </Text>
                </Stack>
              </SharePickRow>
            );
          })}
        </SharePickList>
      )}
    </Modal>
  );
};
