import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHrefNavigation } from './use-href-navigation';

type LinkButtonProps = ButtonProps & { href: string; children: ReactNode };

/** A button-looking link to a page of the app (new tab on a modified click still works). */
export const LinkButton = ({ href, children, ...props }: LinkButtonProps) => {
  const navigateTo = useHrefNavigation();
  return (
    <Button component="a" href={href} onClick={navigateTo(href)} {...props}>
      {children}
    </Button>
  );
};
