import { useDocumentTitle } from '@mantine/hooks';
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ComingSoon } from '@/components/ui/coming-soon';
import { PageHeader } from '@/components/ui/page-header';
import { appLayoutRoute } from './app-layout-route';

const CopilotSearchSchema = z.object({
  /** Where the chat was opened from (spec §2: the nav tags "AI Business Partner"). */
  from: z.string().max(40).optional().catch(undefined),
});

const CopilotPage = () => {
  const { conversationId } = copilotRoute.useParams();
  useDocumentTitle('AI Business Partner · Atelier');
  return (
    <>
      <PageHeader
        title="AI Business Partner"
        description={conversationId ? 'A saved conversation.' : 'A new chat.'}
      />
      <ComingSoon
        title="AI Business Partner not built yet"
        description="Ask about your business and get answers from your connected data and brand vault, once the AI module lands."
      />
    </>
  );
};

/** Spec §2 /ask-copilot/{conversationId?}: without an id it is a new, empty chat. */
export const copilotRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ask-copilot/{-$conversationId}',
  validateSearch: CopilotSearchSchema,
  component: CopilotPage,
});
