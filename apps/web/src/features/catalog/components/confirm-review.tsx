import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockX, IconLinkOff, IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { REVIEW_CONFIRMATION_TTL_HOURS } from '@atelier/contract/catalog/review';
import { LinkButton } from '@/components/ui/link-button';
import { hrefs } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useConfirmReview } from '../api/review-queries';

type OutcomeProps = {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
  /** `alert` for a failure, `status` for news that is not one. */
  role: 'status' | 'alert';
  actions?: ReactNode;
};

const Outcome = ({ icon, color, title, children, role, actions }: OutcomeProps) => {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The page's news is where keyboard and screen-reader users land.
  useEffect(() => headingRef.current?.focus(), [title]);
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto">
      <Stack align="center" gap="sm" role={role} data-testid="review-confirmation">
        <ThemeIcon size={56} radius="xl" color={color} variant="light">
          {icon}
        </ThemeIcon>
        <Title
          order={1}
          fz="h3"
          ta="center"
          ref={headingRef}
          tabIndex={-1}
          style={{ outline: 'none' }}
        >
          {title}
        </Title>
        <Stack gap="xs" align="center" maw={480} ta="center">
          {children}
        </Stack>
        {actions ? <Group justify="center">{actions}</Group> : null}
      </Stack>
    </Paper>
  );
};

const NOT_COUNTED =
  "Until it is confirmed, the review is shown as unverified and does not count in the supplier's rating.";

/** What a refused link means for its owner, by the server's `reason` (never its message). */
const RefusedLink = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const reason = isApiError(error) ? error.reason : undefined;
  if (reason === 'review_confirmation_used') {
    return (
      <Outcome
        icon={<IconCircleCheck size={32} />}
        color="teal"
        title="This review is already confirmed"
        role="status"
      >
        <Text>
          The link was used before, and the review counts in the supplier&apos;s rating. There is
          nothing more to do.
        </Text>
      </Outcome>
    );
  }
  if (reason === 'review_confirmation_expired') {
    return (
      <Outcome
        icon={<IconClockX size={32} />}
        color="orange"
        title="This link has expired"
        role="alert"
      >
        <Text>
          Confirmation links work for {REVIEW_CONFIRMATION_TTL_HOURS} hours. Write your review again
          on the supplier&apos;s review page with the same e-mail address to get a new link; it
          replaces the unconfirmed review.
        </Text>
        <Text c="dimmed">{NOT_COUNTED}</Text>
      </Outcome>
    );
  }
  // An unknown token, or one the server refused as malformed: the link is not (or no longer) valid.
  if (
    reason === 'review_confirmation_not_found' ||
    (isApiError(error) && error.code === 'bad_request')
  ) {
    return <InvalidLink />;
  }
  return (
    <Outcome
      icon={<IconAlertTriangle size={32} />}
      color="red"
      title="Your review could not be confirmed"
      role="alert"
      actions={<Button onClick={onRetry}>Try again</Button>}
    >
      <Text>Something went wrong on our side. Try again in a few moments.</Text>
    </Outcome>
  );
};

const InvalidLink = () => (
  <Outcome icon={<IconLinkOff size={32} />} color="red" title="This link is not valid" role="alert">
    <Text>
      Open the whole link from the newest e-mail we sent you. Sending a review again makes a new
      link, and the earlier one stops working.
    </Text>
    <Text c="dimmed">{NOT_COUNTED}</Text>
  </Outcome>
);

/**
 * Issue 9: the page behind the link e-mailed to a public reviewer. Opening it confirms the
 * review at once (the link works once, for `REVIEW_CONFIRMATION_TTL_HOURS`); from then on the
 * review counts in the supplier's rating. Used, expired and invalid links each say what to do.
 */
export const ConfirmReview = ({ token }: { token: string | undefined }) => {
  const { mutate, data, error, isError, isSuccess } = useConfirmReview();
  const confirmedToken = useRef<string | null>(null);

  useEffect(() => {
    // Once per token: a second call would answer "already confirmed" over the success.
    if (!token || confirmedToken.current === token) return;
    confirmedToken.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token) return <InvalidLink />;
  if (isError) return <RefusedLink error={error} onRetry={() => mutate(token)} />;
  if (!isSuccess) {
    return (
      <Paper withBorder radius="md" p="xl" maw={640} mx="auto">
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text>Confirming your review…</Text>
        </Stack>
      </Paper>
    );
  }
  const { review, companyName } = data;
  return (
    <Outcome
      icon={<IconCircleCheck size={32} />}
      color="teal"
      title="Your review is confirmed"
      role="status"
      actions={
        <LinkButton href={hrefs.previewSupplierProfile(review.companyId, 'reviews')}>
          See the reviews of {companyName}
        </LinkButton>
      }
    >
      <Text>
        Thank you, {review.authorName}. Your review of {companyName} is now verified and counts in
        its rating.
      </Text>
    </Outcome>
  );
};
