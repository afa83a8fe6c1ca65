import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { CatalogModule } from '@/modules/catalog';
import type { IdentityModule } from '@/modules/identity';
import type { ConversationWithReads } from './conversation.repository';

type SummaryDeps = {
  suppliers: Pick<CatalogModule['supplierDirectory'], 'findSupplierCards'>;
  stores: Pick<IdentityModule['directory'], 'findStoreTitles'>;
};

/** Conversation summaries (spec §3) with both sides' names, from the catalog and identity. */
export const createConversationSummaries = ({ suppliers, stores }: SummaryDeps) => {
  const loadNames = async (rows: readonly { storeId: string; companyId: string }[]) => ({
    cards: await suppliers.findSupplierCards([...new Set(rows.map((r) => r.companyId))]),
    titles: await stores.findStoreTitles([...new Set(rows.map((r) => r.storeId))]),
  });

  const summariesOf = (
    rows: ConversationWithReads[],
    { cards, titles }: Awaited<ReturnType<typeof loadNames>>,
  ): ConversationSummary[] =>
    rows.map(({ conversation, unreadCount, otherLastReadIndex }) => {
      const card = cards.get(conversation.companyId);
      return {
        sid: conversation.id,
        name: conversation.name,
        supplierId: conversation.companyId,
        supplierName: card?.name ?? '',
        storeId: conversation.storeId,
        storeTitle: titles.get(conversation.storeId) ?? '',
        avatarUrl: card?.avatarUrl ?? null,
        lastTime: (conversation.lastMessageAt ?? conversation.createdAt).toISOString(),
        lastMessagePreview: conversation.lastMessagePreview,
        lastMessageIndex: conversation.lastMessageIndex < 0 ? null : conversation.lastMessageIndex,
        isConciergeRecommended: card?.isConciergeRecommended ?? false,
        unreadCount,
        otherLastReadIndex,
      };
    });

  return {
    /** Both sides' names of the conversations, read once for all of them. */
    loadNames,
    /** The rows' summaries with names already loaded (no query: usable inside a transaction). */
    summariesOf,
    async toSummaries(rows: ConversationWithReads[]): Promise<ConversationSummary[]> {
      return summariesOf(rows, await loadNames(rows.map((row) => row.conversation)));
    },
  };
};
export type ConversationSummaries = ReturnType<typeof createConversationSummaries>;
