import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PreviewModeDialog } from '@/components/ui/preview-mode-dialog';
import { queryClient } from '@/lib/query-client';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
});

export const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme} defaultColorScheme="light">
    <Notifications position="top-right" limit={4} />
    <QueryClientProvider client={queryClient}>
      {children}
      <PreviewModeDialog />
    </QueryClientProvider>
  </MantineProvider>
);
