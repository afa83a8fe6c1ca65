import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { cssVariablesResolver, theme } from '@/app/theme';
import { useIsToastHostNeeded } from '@/lib/notify';
import { usePreviewModeFlag } from '@/lib/preview-mode';
import { queryClient } from '@/lib/query-client';

// Mantine's Modal and what it brings load the first time the dialog is needed, not with the
// first page (issue 10).
const PreviewModeDialog = lazy(() =>
  import('@/components/ui/preview-mode-dialog').then((module) => ({
    default: module.PreviewModeDialog,
  })),
);

// @mantine/notifications and its CSS load with the first toast (issue 10).
const ToastHost = lazy(() =>
  import('@/components/ui/toast-host').then((module) => ({ default: module.ToastHost })),
);

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
