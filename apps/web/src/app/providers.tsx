import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { lazyOrNothing } from '@/components/ui/lazy-or-nothing';
import { cssVariablesResolver, theme } from '@/app/theme';
import { useIsToastHostNeeded } from '@/lib/notify';
import { usePreviewModeFlag } from '@/lib/preview-mode';
import { queryClient } from '@/lib/query-client';

// Mantine's Modal (the preview-mode dialog) and @mantine/notifications with its CSS (the toasts)
// are not part of the first page (issue 10). Both answer something the user did, and the toast
// that matters most says the network is gone, when code could no longer load: so their code
// starts loading at the first key or pointer press, and one that still cannot load renders
// nothing rather than failing the whole app.
const importPreviewModeDialog = () => import('@/components/ui/preview-mode-dialog');
const importToastHost = () => import('@/components/ui/toast-host');

if (typeof window !== 'undefined') {
  const prefetch = () => {
    void importToastHost().catch(() => undefined);
    void importPreviewModeDialog().catch(() => undefined);
  };
  window.addEventListener('pointerdown', prefetch, { once: true, capture: true });
  window.addEventListener('keydown', prefetch, { once: true, capture: true });
}

const PreviewModeDialog = lazyOrNothing(() =>
  importPreviewModeDialog().then((module) => module.PreviewModeDialog),
);
const ToastHost = lazyOrNothing(() => importToastHost().then((module) => module.ToastHost));

/** The toasts' host, mounted once the first toast is asked for (lib/notify). */
const ToastHostOnceNeeded = () =>
  useIsToastHostNeeded() ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;

/** The spec §8 preview-mode dialog, mounted once the flag is first raised and kept after. */
const PreviewModeDialogOnceRaised = () => {
  const { isOpen } = usePreviewModeFlag();
  const [wasRaised, setWasRaised] = useState(isOpen);
  if (isOpen && !wasRaised) setWasRaised(true);
  return wasRaised ? (
    <Suspense fallback={null}>
      <PreviewModeDialog />
    </Suspense>
  ) : null;
};

export const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider
    theme={theme}
    cssVariablesResolver={cssVariablesResolver}
    defaultColorScheme="light"
  >
    <ToastHostOnceNeeded />
    <QueryClientProvider client={queryClient}>
      {children}
      <PreviewModeDialogOnceRaised />
    </QueryClientProvider>
  </MantineProvider>
);
