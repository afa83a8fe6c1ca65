import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout-route';
import { knownParams, readText } from '@/lib/search-params';

const validateCopilotSearch = (raw: Record<string, unknown>) =>
  knownParams({
    /** Where the chat was opened from (spec §2: the nav tags "AI Business Partner"). */
    from: readText(raw.from, { maxLength: 40 }),
  });

/** Spec §2 /ask-copilot/{conversationId?}: without an id it is a new, empty chat. */
export const copilotRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ask-copilot/{-$conversationId}',
  validateSearch: validateCopilotSearch,
  component: lazyRouteComponent(() => import('./copilot-page'), 'CopilotPage'),
});
