import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { NOT_BUILT_LABEL } from '@/components/ui/not-built-marker';
import { PageHeader } from '@/components/ui/page-header';

const copilotRoute = getRouteApi('/app/ask-copilot/{-$conversationId}');

/** Spec §2 /ask-copilot/{conversationId?}: the AI Business Partner chat (not built yet). */
export const CopilotPage = () => {
  const { conversationId } = copilotRoute.useParams();
  useDocumentTitle('AI Business Partner · Atelier');
  return (
    <>
      <PageHeader
        title="AI Business Partner"
        description={conversationId ? 'A saved conversation.' : 'A new chat.'}
      />
      <ComingSoon
        title={NOT_BUILT_LABEL}
        description="Ask about your business and get answers from your connected data and brand vault, once the AI module lands."
      />
    </>
  );
};
