import type { Money } from '@atelier/contract/common/money';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { CatalogModule } from '@/modules/catalog';
import type { SourcingModule } from '@/modules/sourcing';
import type { ChatParty } from './chat-party';

/** What a CATALOG_ITEM or REMIX_PRODUCT_ITEM card shows of a catalog item. */
export type ItemCard = { title: string; price: Money | null };
/** Catalog items by id (unknown ids absent), from the catalog module. */
export type ChatItemDirectory = CatalogModule['itemDirectory'];
/** What a CREATOR_CUSTOM_PROJECT card shows of a custom project (RFP). */
export type ProjectCard = { title: string | null; quantity: number | null };
/** A store's own custom projects (another store's are undefined), from the sourcing module. */
export type ChatProjectDirectory = SourcingModule['projectDirectory'];
/** Supplier names by id (unknown ids absent), from the catalog module. */
type SupplierNames = Pick<CatalogModule['supplierDirectory'], 'findSupplierCards'>;

type PayloadResolverDeps = {
  clock: Clock;
  suppliers: SupplierNames;
  items: ChatItemDirectory;
  projects: ChatProjectDirectory;
};

const payloadIssue = (reason: string, message: string, field: string) =>
  new AppError('unprocessable', message, {
    reason,
    details: [{ field: `body.payload.${field}`, message }],
  });

/**
 * Spec §3 typed messages as the server stores them: the card data comes from the catalog and
 * sourcing records, never from the client. 422 `catalog_item_not_found`, `supplier_not_found`
 * or `custom_project_not_found` for an id that does not exist (or a project of another store);
 * 403 `store_only_message_type` for a CREATOR_CUSTOM_PROJECT sent by a supplier, and
 * `server_only_message_type` for an INVOICE (the server posts those: `postSupplierCard`); 422
 * `meeting_time_in_past` / `meeting_times_not_distinct` for a meeting request's proposed times.
 * A meeting request always starts unanswered. Other types pass through unchanged.
 */
export const createPayloadResolver =
  ({ clock, suppliers, items, projects }: PayloadResolverDeps) =>
  async (party: ChatParty, payload: MessagePayload): Promise<MessagePayload> => {
    switch (payload.type) {
      case 'CATALOG_ITEM':
      case 'REMIX_PRODUCT_ITEM': {
        const item = (await items.findItemCards([payload.itemId])).get(payload.itemId);
        if (!item) {
          throw payloadIssue('catalog_item_not_found', 'No catalog item with this id.', 'itemId');
        }
        return payload.type === 'CATALOG_ITEM'
          ? { ...payload, title: item.title, price: item.price }
          : { ...payload, title: item.title };
      }
      case 'SUPPLIER_PROFILE': {
        const card = (await suppliers.findSupplierCards([payload.companyId])).get(
          payload.companyId,
        );
        if (!card) {
          throw payloadIssue('supplier_not_found', 'No supplier with this id.', 'companyId');
        }
        return { ...payload, name: card.name };
      }
      case 'CREATOR_CUSTOM_PROJECT': {
        if (party.kind !== 'STORE') {
          throw new AppError('forbidden', 'Only a store can share its custom project.', {
            reason: 'store_only_message_type',
          });
        }
        const project = await projects.findStoreProject(party.storeId, payload.projectId);
        if (!project) {
          throw payloadIssue(
            'custom_project_not_found',
            'No custom project of your store with this id.',
            'projectId',
          );
        }
        return { ...payload, title: project.title ?? '', quantity: project.quantity };
      }
      case 'INVOICE':
        // The contract's send schema refuses it first; this guards any other way in.
        throw new AppError('forbidden', 'Only Atelier posts invoice cards.', {
          reason: 'server_only_message_type',
        });
      case 'ZOOM_MEETING_REQUEST':
        // Only the other side's answer sets the response (answerMeetingRequest).
        return {
          type: payload.type,
          proposedTimes: checkProposedTimes(payload.proposedTimes, clock),
          response: null,
        };
      case 'TEXT':
      case 'IMAGE':
      case 'VIDEO':
      case 'PDF':
      case 'AI':
      case 'CREATOR_MILESTONE':
      case 'IMAGE_COLLABORATION':
      case 'ZOOM_MEETING':
      case 'TRACKING_LINK':
        return payload;
    }
  };

/** Proposed times in canonical ISO form, each in the future and none twice (same instant). */
const checkProposedTimes = (times: readonly string[], clock: Clock): string[] => {
  const now = clock.now().getTime();
  const seen = new Set<number>();
  return times.map((time, index) => {
    const instant = new Date(time).getTime();
    const field = `proposedTimes.${index}`;
    if (Number.isNaN(instant)) {
      throw payloadIssue('meeting_time_invalid', 'This is not a valid time.', field);
    }
    if (instant <= now) {
      throw payloadIssue('meeting_time_in_past', 'Propose meeting times in the future.', field);
    }
    if (seen.has(instant)) {
      throw payloadIssue('meeting_times_not_distinct', 'Propose each meeting time once.', field);
    }
    seen.add(instant);
    return new Date(instant).toISOString();
  });
};
