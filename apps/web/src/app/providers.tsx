import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '@/app/theme';
import { PreviewModeDialog } from '@/components/ui/preview-mode-dialog';
import { queryClient } from '@/lib/query-client';

export const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider
    theme={theme}
    cssVariablesResolver={cssVariablesResolver}
    defaultColorScheme="light"
  >
    <Notifications position="top-right" limit={4} />
    <QueryClientProvider client={queryClient}>
      {children}
      <PreviewModeDialog />
    </QueryClientProvider>
  </MantineProvider>
);
