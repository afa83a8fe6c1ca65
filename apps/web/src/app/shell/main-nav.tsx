import { Badge, Box, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { DeferredTooltip } from '@/components/ui/deferred-tooltip';
import { NotBuiltMarker } from '@/components/ui/not-built-marker';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { FEATURE_FLAG_LABELS } from '@/config/access';
import { storeChatClient } from '@/features/chat/chat-client';
import { useUnreadTotal } from '@/features/chat/use-unread-total';
import type {
  ActiveNavKeys,
  NavEntryState,
  VisibleNavLink,
  VisibleNavSection,
} from '@/config/navigation';
import { isUnbuiltHref } from '../routes/module-pages';
import { NavIcon } from './nav-icon';

type MainNavProps = {
  sections: readonly VisibleNavSection[];
  active: ActiveNavKeys;
  /** Called after an entry navigates, so the mobile menu can close. */
  onNavigate: () => void;
};

/** The nav entry that shows the live unread total of the store's supplier conversations. */
const INBOX_NAV_KEY = 'sourcing.inbox';

/** Counts shown beside nav entries, by entry key. */
type NavCounts = Readonly<Record<string, number | undefined>>;

const CountBadge = ({ count, label }: { count: number | undefined; label: string }) =>
  count ? (
    <Badge size="sm" circle={count < 10} aria-label={label} data-testid="nav-unread-badge">
      {count > 99 ? '99+' : count}
    </Badge>
  ) : null;

const unreadLabel = (count: number) => `${count} unread message${count === 1 ? '' : 's'}`;

const PREVIEW_BLOCKED_HINT = "Preview mode can't open this page.";

const stateHint = (state: NavEntryState): string | null => {
  switch (state.kind) {
    case 'open':
      return null;
    case 'locked':
      return `${FEATURE_FLAG_LABELS[state.flag]} is turned off for this store.`;
    case 'preview-blocked':
      return PREVIEW_BLOCKED_HINT;
  }
};

const StateIcon = ({ state }: { state: NavEntryState }) => {
  if (state.kind === 'locked') return <IconLock size={14} aria-label="Locked" />;
  if (state.kind === 'preview-blocked') return <IconEyeOff size={14} aria-label="Preview mode" />;
  return null;
};

type NavItemProps = {
  link: VisibleNavLink;
  isActive: boolean;
  count?: number | undefined;
  onNavigate: () => void;
};

const NavItem = ({ link, isActive, count, onNavigate }: NavItemProps) => {
  const navigateTo = useHrefNavigation();
  const hint = stateHint(link.state);
  const isBlocked = link.state.kind === 'preview-blocked';
  const isNotBuilt = isUnbuiltHref(link.href);
  const hasMarker = isNotBuilt && link.state.kind === 'open';
  const rightSection =
    link.state.kind !== 'open' ? (
      <StateIcon state={link.state} />
    ) : isNotBuilt ? null : count ? (
      <CountBadge count={count} label={unreadLabel(count)} />
    ) : null;
  const common = {
    label: hasMarker ? (
      // The marker follows the label where both fit on one line, and moves under the label
      // where they do not (the 272 px desktop nav), so the label itself never wraps.
      <Group component="span" gap={6} wrap="wrap">
        <span>{link.label}</span>
        <NotBuiltMarker />
      </Group>
    ) : (
      link.label
    ),
    active: isActive,
    leftSection: link.icon ? <NavIcon name={link.icon} /> : null,
    rightSection,
    // A label longer than the whole row wraps rather than cut.
    styles: { label: { whiteSpace: 'normal' as const } },
    ...(isNotBuilt && !isBlocked ? { c: 'dimmed' } : {}),
    'data-nav-key': link.key,
    'data-nav-state': link.state.kind,
    'data-not-built': isNotBuilt || undefined,
    'aria-current': isActive ? ('page' as const) : undefined,
    variant: 'light',
  };

  const item = isBlocked ? (
    // Kept focusable so keyboard users reach the tooltip that says why it is blocked.
    <NavLink {...common} component="button" type="button" aria-disabled c="dimmed" />
  ) : (
    <NavLink
      {...common}
      component="a"
      href={link.href}
      onClick={(event) => {
        navigateTo(link.href)(event);
        if (event.defaultPrevented) onNavigate();
      }}
    />
  );
  return hint ? (
    <DeferredTooltip label={hint} position="right" multiline w={240} withArrow openDelay={150}>
      {item}
    </DeferredTooltip>
  ) : (
    item
  );
};

/** Spec §2 main navigation, with the flags, roles and preview blocks of spec §6 applied. */
export const MainNav = ({ sections, active, onNavigate }: MainNavProps) => {
  const [toggledGroups, setToggledGroups] = useState<Record<string, boolean>>({});
  const unreadTotal = useUnreadTotal(storeChatClient);
  const counts: NavCounts = { [INBOX_NAV_KEY]: unreadTotal };

  return (
    <Stack gap="md" component="nav" aria-label="Main navigation">
      {sections.map((section) => (
        <Box key={section.key}>
          {section.label ? (
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {section.label}
            </Text>
          ) : null}
          {section.entries.map((entry) => {
            if (entry.type === 'link') {
              return (
                <NavItem
                  key={entry.key}
                  link={entry}
                  isActive={active.topKey === entry.key}
                  count={counts[entry.key]}
                  onNavigate={onNavigate}
                />
              );
            }
            const isActive = active.topKey === entry.key;
            const isOpened = toggledGroups[entry.key] ?? isActive;
            const isLocked = entry.state.kind === 'locked';
            // A closed group still says that something inside it waits.
            const hiddenCount = isOpened
              ? 0
              : entry.children.reduce((total, child) => total + (counts[child.key] ?? 0), 0);
            return (
              <NavLink
                key={entry.key}
                label={
                  hiddenCount > 0 ? (
                    <Group gap={6} wrap="nowrap" component="span">
                      {entry.label}
                      <CountBadge count={hiddenCount} label={unreadLabel(hiddenCount)} />
                    </Group>
                  ) : (
                    entry.label
                  )
                }
                leftSection={<NavIcon name={entry.icon} />}
                active={isActive && !isOpened}
                opened={isOpened}
                onChange={(opened) =>
                  setToggledGroups((groups) => ({ ...groups, [entry.key]: opened }))
                }
                description={isLocked ? 'Turned off for this store' : undefined}
                data-nav-key={entry.key}
                data-nav-state={entry.state.kind}
                variant="light"
              >
                {entry.children.map((child) => (
                  <NavItem
                    key={child.key}
                    link={child}
                    isActive={active.subKey === child.key}
                    count={counts[child.key]}
                    onNavigate={onNavigate}
                  />
                ))}
              </NavLink>
            );
          })}
        </Box>
      ))}
    </Stack>
  );
};
