import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHrefNavigation } from './use-href-navigation';

type AppAnchorProps = AnchorProps & { href: string; children: ReactNode };

/** A text link to a page of the app. */
export const AppAnchor = ({ href, children, ...props }: AppAnchorProps) => {
  const navigateTo = useHrefNavigation();
  return (
    <Anchor href={href} onClick={navigateTo(href)} {...props}>
      {children}
    </Anchor>
  );
};
