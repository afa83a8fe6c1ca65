import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { OrderRule } from '@atelier/contract/fulfillment/rules';
import { LoadError } from '@/components/ui/load-error';
import { RuleEditorModal } from './rule-editor-modal';
import { describeAction, describeCondition } from './rule-form-schema';
import { useDeleteRule, useReorderRules, useRules, useToggleRule } from './rule-queries';

type Editing = { rule: OrderRule | null } | null;

const DeleteRuleModal = ({ rule, onClose }: { rule: OrderRule; onClose: () => void }) => {
  const remove = useDeleteRule();
  return (
    <Modal opened onClose={onClose} title={`Delete “${rule.name}”?`}>
      <Stack gap="sm">
        <Text size="sm">
          New orders will no longer be checked against this rule. Orders it already changed keep
          their inserts, packaging, shipping method and holds. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            Keep it
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(rule.id, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: `Rule “${rule.name}” deleted.` });
                  onClose();
                },
              })
            }
          >
            Delete rule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

const RuleCard = ({
  rule,
  rules,
  index,
  onEdit,
  onDelete,
}: {
  rule: OrderRule;
  rules: OrderRule[];
  index: number;
  onEdit: () => void;
  onDelete: () => void;
}) => {
  const toggle = useToggleRule();
  const reorder = useReorderRules();
  const move = (offset: -1 | 1) => {
    const ids = rules.map((one) => one.id);
    [ids[index], ids[index + offset]] = [ids[index + offset]!, ids[index]!];
    reorder.mutate(ids);
  };
  const next = rule.thenRuleId ? rules.find((one) => one.id === rule.thenRuleId) : undefined;
  return (
    <Paper withBorder p="md" data-testid={`rule-${rule.id}`} aria-label={rule.name} component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1 }}>
          <Group gap="xs">
            <Badge variant="light" color="gray" aria-label={`Position ${rule.position}`}>
              {rule.position}
            </Badge>
            <Title order={4}>{rule.name}</Title>
            {!rule.isEnabled && <Badge color="gray">Off</Badge>}
          </Group>
          <Text size="sm">
            <Text span fw={600}>
              When:{' '}
            </Text>
            {rule.conditions.length === 0
              ? 'every order'
              : rule.conditions.map(describeCondition).join(' and ')}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              Then:{' '}
            </Text>
            {rule.actions.map(describeAction).join('; ')}
            {next ? `; then “${next.name}”` : ''}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Switch
            aria-label={`${rule.name} enabled`}
            checked={rule.isEnabled}
            disabled={toggle.isPending}
            onChange={() => toggle.mutate(rule)}
            mr="xs"
          />
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${rule.name} up`}
            disabled={index === 0 || reorder.isPending}
            onClick={() => move(-1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${rule.name} down`}
            disabled={index === rules.length - 1 || reorder.isPending}
            onClick={() => move(1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label={`Edit ${rule.name}`} onClick={onEdit}>
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${rule.name}`}
            onClick={onDelete}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
};

/**
 * Issue 15 /fulfillment-rules: the store's rules in the order they run, each with its conditions
 * and actions in words; turn on or off, move up or down, edit, delete after a confirmation.
 */
export const RuleList = () => {
  const rules = useRules();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<OrderRule | null>(null);
  const items = rules.data?.items ?? [];

  let content;
  if (rules.isPending) {
    content = (
      <Stack aria-label="Loading rules">
        <Skeleton height={80} />
        <Skeleton height={80} />
      </Stack>
    );
  } else if (rules.isError) {
    content = (
      <LoadError message="Your rules could not be loaded." onRetry={() => void rules.refetch()} />
    );
  } else if (items.length === 0) {
    content = (
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs">
          <Title order={4}>No rules yet</Title>
          <Text size="sm" c="dimmed" ta="center" maw={520}>
            Rules act on every new order: add a thank-you card to VIP orders, pack big orders in a
            box, hold orders to check by hand, or ship some by Express.
          </Text>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ rule: null })}
          >
            Create your first rule
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((rule, index) => (
          <RuleCard
            key={rule.id}
            rule={rule}
            rules={items}
            index={index}
            onEdit={() => setEditing({ rule })}
            onDelete={() => setDeleting(rule)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Rules run in this order when an order arrives; for packaging and the shipping method, the
          last matching rule wins.
        </Text>
        {items.length > 0 && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ rule: null })}
          >
            New rule
          </Button>
        )}
      </Group>
      {content}
      {editing && (
        <RuleEditorModal rule={editing.rule} rules={items} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteRuleModal rule={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
};
