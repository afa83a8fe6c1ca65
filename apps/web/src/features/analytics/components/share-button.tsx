import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import type { AnalyticsShare } from '@atelier/contract/analytics/analytics-api';
import type { AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { isApiError } from '@/lib/api-error';
import {
  type CreateShareInput,
  isNotBuilt,
  useAnalyticsShares,
  useCreateAnalyticsShare,
  useRevokeAnalyticsShare,
} from '../api/analytics-queries';
import { type DayRange, formatRange } from '../analytics-range';

const linkOf = (share: AnalyticsShare) => `${window.location.origin}${share.path}`;

const messageOf = (error: unknown, fallback: string) =>
  isNotBuilt(error) ? 'Sharing is not built yet.' : isApiError(error) ? error.message : fallback;

const CopyLink = ({ share }: { share: AnalyticsShare }) => (
  <CopyButton value={linkOf(share)}>
    {({ copied, copy }) => (
      <Tooltip label={copied ? 'Copied' : 'Copy the link'} withArrow>
        <ActionIcon
          variant="light"
          onClick={copy}
          aria-label={copied ? 'Link copied' : 'Copy the link'}
        >
          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        </ActionIcon>
      </Tooltip>
    )}
  </CopyButton>
);

type ShareLinkProps = { share: AnalyticsShare; isNew?: boolean };

/** One share's link, with copy and revoke. */
const ShareLink = ({ share, isNew = false }: ShareLinkProps) => {
  const revoke = useRevokeAnalyticsShare();
  const isRevoked = share.revokedAt !== null || revoke.isSuccess;
  return (
    <Stack gap={4} data-testid={`share-${share.id}`}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          readOnly
          value={linkOf(share)}
          label={isNew ? 'Anyone with this link can see the view' : formatRange(share.range)}
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          disabled={isRevoked}
        />
        {isRevoked ? null : <CopyLink share={share} />}
        {isRevoked ? null : (
          <Button
            variant="subtle"
            color="red"
            loading={revoke.isPending}
            onClick={() => revoke.mutate(share.id)}
          >
            Stop sharing
          </Button>
        )}
      </Group>
      {isRevoked ? (
        <Text size="sm" c="dimmed">
          No longer shared: the link shows “not found”.
        </Text>
      ) : null}
    </Stack>
  );
};

type ShareButtonProps = {
  view: AnalyticsViewKey;
  /** The range shown (the snapshot's), with its comparison. */
  range: DayRange | null;
  compare: DayRange | null;
  /** The product the view shown is about (follow-up purchases), else undefined. */
  product?: string;
};

/**
 * "Share": a public, read-only snapshot of the view over the range shown, at /share-report/{id}
 * (no other data of the store is reachable from it), with the view's other live links.
 */
export const ShareButton = ({ view, range, compare, product }: ShareButtonProps) => {
  const [isOpen, setIsOpen] = useState(false);
  const create = useCreateAnalyticsShare();
  const shares = useAnalyticsShares(isOpen);
  const others = (shares.data?.items ?? []).filter(
    (share) => share.view === view && share.revokedAt === null && share.id !== create.data?.id,
  );

  const handleShare = () => {
    if (!range) return;
    const body: CreateShareInput = {
      view,
      from: range.from,
      to: range.to,
      ...(compare ? { compareFrom: compare.from, compareTo: compare.to } : {}),
      ...(product === undefined ? {} : { product }),
    };
    setIsOpen(true);
    create.mutate(body);
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShare size={16} aria-hidden="true" />}
        onClick={handleShare}
        disabled={!range}
      >
        Share
      </Button>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title="Share this view" size="lg">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            A read-only snapshot of this view{range ? ` for ${formatRange(range)}` : ''}. Nothing
            else of your store can be reached from it.
          </Text>
          {create.isPending ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">Creating a link…</Text>
            </Group>
          ) : null}
          {create.isError ? (
            <Alert color={isNotBuilt(create.error) ? 'gray' : 'red'}>
              {messageOf(create.error, 'The link could not be created.')}
            </Alert>
          ) : null}
          {create.data ? <ShareLink share={create.data} isNew /> : null}
          {others.length > 0 ? (
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Other links to this view
              </Text>
              {others.map((share) => (
                <ShareLink key={share.id} share={share} />
              ))}
            </Stack>
          ) : null}
          {shares.isError && !isNotBuilt(shares.error) ? (
            <Text size="sm" c="red">
              {messageOf(shares.error, 'The other links could not be loaded.')}
            </Text>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
};
