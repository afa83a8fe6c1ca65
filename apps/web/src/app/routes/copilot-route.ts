import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { appLayoutRoute } from './app-layout-route';

const CopilotSearchSchema = z.object({
  /** Where the chat was opened from (spec §2: the nav tags "AI Business Partner"). */
  from: z.string().max(40).optional().catch(undefined),
});

/** Spec §2 /ask-copilot/{conversationId?}: without an id it is a new, empty chat. */
export const copilotRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ask-copilot/{-$conversationId}',
  validateSearch: CopilotSearchSchema,
  component: lazyRouteComponent(() => import('./copilot-page'), 'CopilotPage'),
});
