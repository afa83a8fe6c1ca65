import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '@/app/providers';
import { router } from '@/app/router';
import { eventReporter, reportNavigation } from '@/lib/event-reporter';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');

// index.html's first paint (the wordmark and a loading bar) stays until the first page is on
// screen, so the wait shows no blank page in between (issue 10).
const removeFirstPaint = router.subscribe('onRendered', () => {
  document.getElementById('first-paint')?.remove();
  removeFirstPaint();
});

// Spec §4: "Page View" for pages and "Modal View" for dialogs (`?dialog=…`), to Atelier only.
router.subscribe('onResolved', (event) =>
  reportNavigation(eventReporter, event.fromLocation, event.toLocation),
);

createRoot(rootElement).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
