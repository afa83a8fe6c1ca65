import { ListCatalogItemsQuerySchema, type CatalogItem } from '@atelier/contract/catalog/item';
import type { SendMessageInput } from '@atelier/contract/chat/conversation';
import { utcDateOf } from '@atelier/contract/sourcing/custom-project';
import type { AtelierApp } from '@/app';
import type { Database } from '@/db/client';
import { createEventBus, type EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { systemClock, type Clock } from '@/lib/clock';
import { supplierIdOf } from '@/modules/catalog/supplier-identity';
import type { ChatParty } from '@/modules/chat';
import { createChatService } from '@/modules/chat/chat.service';
import { createIdentityRepositories } from '@/modules/identity/identity.repositories';
import { createCustomProjectService } from '@/modules/sourcing/custom-project.service';

type DemoStoreModules = Pick<AtelierApp, 'catalog' | 'identity' | 'sourcing' | 'files'>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The seeded project's title, after the demo supplier's featured product so that the brief fits
 * what the supplier makes; a rerun finds the project by it instead of adding another.
 */
export const demoProjectTitleOf = (item: { title: string } | undefined): string =>
  item ? `${item.title}, private label` : 'Private label capsule collection';

/** Other suppliers the demo store has favourited: a shoe factory and a packaging supplier. */
const FAVORITE_SUPPLIERS = [
  { name: 'SC INDUSTRIA DE INCALTAMINTE [SOARA]', countryCode: 'RO' },
  { name: 'Plyfold Packaging', countryCode: 'US' },
] as const;

/**
 * Seeded history is not news: the chat service seeding it announces nothing, so no message is
 * pushed to a socket or e-mailed to the supplier as unread.
 */
const withoutEvents = (): EventBus => ({
  ...createEventBus(),
  publish: async () => 'evt_seeded_history',
});

/** The demo accounts as the services see them: the store's owner and the supplier's member. */
const loadDemoParties = async (
  db: Database,
  emails: { store: string; supplier: string },
  supplierId: string,
) => {
  const repositories = createIdentityRepositories(db);
  const user = await repositories.users.findByEmail(emails.store);
  const supplierUser = await repositories.users.findByEmail(emails.supplier);
  const membership = user && (await repositories.team.listAcceptedByUser(user.id))[0];
  const store = membership && (await repositories.stores.findById(membership.storeId));
  if (!user || !supplierUser || !membership || !store) {
    throw new Error('The demo store is seeded after the demo accounts.');
  }
  const name = user.name ?? user.username;
  const actor: Actor = {
    userId: user.id,
    email: user.email,
    name,
    storeId: store.id,
    storeTitle: store.title,
    role: membership.role,
    sessionId: 'seed',
    planType: store.planType,
    isPreviewAccount: false,
  };
  const storeParty = { kind: 'STORE' as const, storeId: store.id, userId: user.id, name };
  const supplierParty: ChatParty = {
    kind: 'SUPPLIER',
    companyId: supplierId,
    userId: supplierUser.id,
    name: supplierUser.name ?? supplierUser.username,
  };
  return { actor, storeParty, supplierParty };
};

/** One chat line of the seeded conversation: who says it, how long ago, and what. */
type ScriptLine = { from: 'STORE' | 'SUPPLIER'; agoMs: number; input: SendMessageInput };

const text = (body: string) => ({ body, payload: { type: 'TEXT' as const }, fileIds: [] });

/** The conversation: a brief, an item card, the supplier's answers; the last one is unread. */
const conversationScript = (item: CatalogItem | undefined, projectId: string): ScriptLine[] => [
  {
    from: 'STORE',
    agoMs: 4 * DAY_MS,
    input: text(
      "Hello! We're a small studio launching our first collection in the spring. Do you make " +
        'pieces like yours under our own label?',
    ),
  },
  ...(item
    ? [
        {
          from: 'STORE' as const,
          agoMs: 4 * DAY_MS - 2 * 60_000,
          input: {
            body: 'This one from your catalog, for a start.',
            payload: { type: 'CATALOG_ITEM' as const, itemId: item.id, title: '', price: null },
            fileIds: [],
          },
        },
      ]
    : []),
  {
    from: 'SUPPLIER',
    agoMs: 3 * DAY_MS + 5 * HOUR_MS,
    input: text(
      'Hi, thanks for reaching out! Yes, private label is most of our work: woven neck labels, ' +
        'printed care labels and custom packaging. Could you send us your quantities, fabric ' +
        'and the date you need the goods?',
    ),
  },
  {
    from: 'STORE',
    agoMs: 3 * DAY_MS,
    input: {
      body: 'Here is our brief with the details.',
      payload: { type: 'CREATOR_CUSTOM_PROJECT', projectId, title: '', quantity: null },
      fileIds: [],
    },
  },
  {
    from: 'SUPPLIER',
    agoMs: 5 * HOUR_MS,
    input: text(
      'Thank you, the brief is clear. We can make a first sample in about two weeks and will ' +
        'confirm the unit price once the fabric is chosen. Shall we go ahead with the sample?',
    ),
  },
];

/**
 * Gives the demo store a little life (issue 10), through the modules' own services: a
 * conversation with the demo supplier whose latest message (from the supplier) is unread,
 * favourite suppliers and items, and one submitted custom project addressed to the demo
 * supplier. Seeded history publishes no events (nothing is delivered live or e-mailed).
 * Idempotent: once the store has messages with the demo supplier nothing is added (so a restart
 * neither duplicates nor brings back what the user removed); a run cut short before the first
 * message is completed by the next (favourites are idempotent, the project is found by its
 * title, messages by their client ids). Throws when the demo accounts are missing.
 */
export const seedDemoStore = async (
  modules: DemoStoreModules,
  db: Database,
  emails: { store: string; supplier: string },
  clock: Clock = systemClock,
): Promise<{ isWritten: boolean }> => {
  const supplierId = modules.catalog.demoSupplierCompanyId();
  const { actor, storeParty, supplierParty } = await loadDemoParties(db, emails, supplierId);
  let historyNow = clock.now();
  const chatService = createChatService({
    db,
    clock: { now: () => historyNow },
    suppliers: modules.catalog.supplierDirectory,
    stores: modules.identity.directory,
    files: modules.files.fileService,
    items: modules.catalog.itemDirectory,
    projects: modules.sourcing.projectDirectory,
    events: withoutEvents(),
  });
  const { items: conversations } = await chatService.listConversations(storeParty);
  const isSeeded = conversations.some(
    (conversation) =>
      conversation.supplierId === supplierId && conversation.lastMessageIndex !== null,
  );
  if (isSeeded) return { isWritten: false };

  // The supplier's featured base products, as its profile lists them (sample kits aside).
  const itemsOf = async (companyId: string, count: number) =>
    (
      await modules.catalog.search.searchItems(ListCatalogItemsQuerySchema.parse({ companyId }))
    ).items
      .filter((item) => !item.isSampleKit)
      .slice(0, count);
  const supplierItems = await itemsOf(supplierId, 2);
  const otherSupplierIds = FAVORITE_SUPPLIERS.map(({ name, countryCode }) =>
    supplierIdOf(name, countryCode),
  );
  const otherItems = (await Promise.all(otherSupplierIds.map((id) => itemsOf(id, 1)))).flat();
  const knownSuppliers = await modules.catalog.supplierDirectory.findSupplierNames([
    supplierId,
    ...otherSupplierIds,
  ]);
  const { favoriteService } = modules.catalog.engagement;
  for (const id of knownSuppliers.keys()) {
    await favoriteService.addFavorite(actor, { type: 'COMPANY', id });
  }
  for (const item of [...supplierItems, ...otherItems]) {
    await favoriteService.addFavorite(actor, { type: 'ITEM', id: item.id });
  }

  // The brief was written just before the store shared it in the conversation.
  const customProjectService = createCustomProjectService({
    db,
    clock: { now: () => new Date(clock.now().getTime() - 3 * DAY_MS - HOUR_MS) },
    suppliers: modules.catalog.supplierDirectory,
  });
  const projectTitle = demoProjectTitleOf(supplierItems[0]);
  const project =
    (await customProjectService.listCustomProjects(actor, {})).find(
      (candidate) => candidate.title === projectTitle,
    ) ??
    (await customProjectService.createCustomProject(actor, {
      title: projectTitle,
      material: 'As in your listing, OEKO-TEX certified; two colours: oat and slate',
      printDetail:
        'Woven neck label with our logo, printed care label, small tonal embroidered logo on ' +
        'the front',
      quantity: 600,
      completionDate: utcDateOf(new Date(clock.now().getTime() + 90 * DAY_MS)),
      companyId: supplierId,
      step: 'REVIEW',
      status: 'SUBMITTED',
    }));

  const { sid } = await chatService.openConversation(storeParty, supplierId);
  const script = conversationScript(supplierItems[0], project.id);
  for (const [index, line] of script.entries()) {
    historyNow = new Date(clock.now().getTime() - line.agoMs);
    await chatService.sendMessage(line.from === 'STORE' ? storeParty : supplierParty, sid, {
      ...line.input,
      clientMessageId: `seed-demo-${index}`,
    });
  }
  return { isWritten: true };
};
