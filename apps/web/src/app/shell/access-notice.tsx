import { Button, EmptyState, Paper } from '@mantine/core';
import { IconEyeOff, IconLock, IconUserOff } from '@tabler/icons-react';
import { type CurrentUser, teamRoleLabel } from '@atelier/contract/identity/account';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { FEATURE_FLAG_LABELS, getHomePath, type PageAccess } from '@/config/access';
import { paths } from '@/config/paths';

type AccessNoticeProps = {
  access: Exclude<PageAccess, { kind: 'open' }>;
  currentUser: CurrentUser;
};

/** What a page shows instead of itself when spec §6 keeps this user out of it. */
export const AccessNotice = ({ access, currentUser }: AccessNoticeProps) => {
  const navigateTo = useHrefNavigation();
  const homePath = getHomePath(currentUser.role);

  const content = (() => {
    switch (access.kind) {
      case 'locked':
      case 'not-enabled': {
        const feature = FEATURE_FLAG_LABELS[access.flag];
        return {
          icon: <IconLock size={28} />,
          title: `${feature} is turned off for this store`,
          description: `${feature} is switched on per store by the team that runs this Atelier, not from Account info.`,
          action: { label: 'Back to home', href: homePath },
        };
      }
      case 'preview-blocked':
        return {
          icon: <IconEyeOff size={28} />,
          title: "Preview mode can't open this page",
          description:
            'This is a preview account: returns, discount codes, subscribers and marketing assets stay closed.',
          action: { label: 'Back to home', href: homePath },
        };
      case 'role-restricted':
        return {
          icon: <IconUserOff size={28} />,
          title: 'This page is not part of your role',
          description: `As a ${teamRoleLabel(access.role).toLowerCase()} member you can open Fulfillment and the AI Business Partner.`,
          action: { label: 'Go to Fulfillment', href: paths.fulfillmentHome },
        };
    }
  })();

  return (
    <Paper withBorder radius="md" p="xl" data-testid="access-notice" data-access={access.kind}>
      <EmptyState
        icon={content.icon}
        variant="light"
        color="gray"
        title={content.title}
        description={content.description}
      >
        {content.action ? (
          <EmptyState.Actions>
            <Button
              component="a"
              href={content.action.href}
              onClick={navigateTo(content.action.href)}
              variant="light"
            >
              {content.action.label}
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
};
