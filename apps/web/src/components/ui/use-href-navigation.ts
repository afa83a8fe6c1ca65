import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

/**
 * Click handler for a plain `<a href>` that navigates inside the app. Modified clicks (new tab,
 * new window) keep the browser's own behaviour.
 */
export const useHrefNavigation = () => {
  const router = useRouter();
  return (href: string) => (event: MouseEvent<HTMLElement>) => {
    const isModified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || isModified) return;
    event.preventDefault();
    void router.navigate({ href });
  };
};
