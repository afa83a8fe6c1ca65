import { storeParticipant } from '@atelier/contract/chat/message';
import { isFileUrl, type UploadedFile } from '@atelier/contract/files/file';
import type { FeatureFlags } from '@atelier/contract/identity/account';
import {
  AVATAR_EXTENSIONS,
  type ExternalField,
  type StoreProfile,
  type UpdateStoreProfileInput,
} from '@atelier/contract/identity/store';
import type { Database } from '@/db/client';
import { requireRole, type Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import { DEFAULT_FEATURE_FLAGS } from './current-user';
import { createIdentityRepositories } from './identity.repositories';
import type { StoreRow } from './store.repository';
import type { UserRow } from './user.repository';

/** Files a party uploaded, by id (unknown or foreign ids are absent): the files module's. */
export type FileLookup = {
  findOwnedFiles(participant: string, ids: readonly string[]): Promise<UploadedFile[]>;
};

type StoreServiceDeps = {
  db: Database;
  previewStoreIds: ReadonlySet<string>;
  /** Called after the owner's name changed (cached sessions carry the user's name). */
  onUserRenamed?: () => void;
  /** The files module's lookup of a party's own uploads (an uploaded avatar is checked). */
  files: FileLookup;
};

const avatarRefused = (reason: string, message: string) =>
  new AppError('bad_request', message, {
    reason,
    details: [{ field: 'body.avatarUrl', message }],
  });

/** External fields kept per store; past this a new name is refused. */
export const MAX_EXTERNAL_FIELDS = 200;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const createStoreService = ({
  db,
  previewStoreIds,
  onUserRenamed = () => {},
  files,
}: StoreServiceDeps) => {
  const repositories = createIdentityRepositories(db);

  /**
   * An uploaded avatar must be the store's own upload and a raster image: 400
   * `avatar_file_not_found` for another party's or an unknown file, 400 `avatar_not_image` for
   * another type. Returns the file's URL as the files module writes it; a link passes as is.
   */
  const checkAvatar = async (storeId: string, avatarUrl: string): Promise<string> => {
    if (!isFileUrl(avatarUrl)) return avatarUrl;
    const fileId = avatarUrl.split('/')[3] ?? '';
    const [file] = await files.findOwnedFiles(storeParticipant(storeId), [fileId]);
    if (!file) throw avatarRefused('avatar_file_not_found', 'Upload the avatar image again.');
    if (!(AVATAR_EXTENSIONS as readonly string[]).includes(file.extension)) {
      throw avatarRefused(
        'avatar_not_image',
        `An avatar is a ${AVATAR_EXTENSIONS.join(', ')} image.`,
      );
    }
    return file.url;
  };

  const toStoreProfile = (store: StoreRow, owner: UserRow): StoreProfile => ({
    id: store.id,
    email: store.email,
    title: store.title,
    user: { name: owner.name, username: owner.username },
    planType: store.planType,
    createdAt: store.createdAt.toISOString(),
    externalFields: store.externalFields,
    avatarUrl: store.avatarUrl,
    isPreviewAccount: previewStoreIds.has(store.id),
    accountType: store.accountType,
    usageStyle: store.usageStyle,
    blueprintSubscriptionId: store.blueprintSubscriptionId,
    blueprintSubscriptionStatus:
      store.blueprintSubscriptionStatus as StoreProfile['blueprintSubscriptionStatus'],
    blueprintSubscriptionPausedAt: iso(store.blueprintSubscriptionPausedAt),
    blueprintSubscriptionResumesAt: iso(store.blueprintSubscriptionResumesAt),
    blueprintSubscriptionBehavior: store.blueprintSubscriptionBehavior,
    authCredential: { name: owner.email },
    featureFlags: { ...DEFAULT_FEATURE_FLAGS, ...store.featureFlags },
  });

  const loadStore = async (storeId: string) => {
    const store = await repositories.stores.findById(storeId);
    const owner = store && (await repositories.users.findById(store.ownerUserId));
    if (!store || !owner)
      throw new AppError('not_found', 'Store not found.', { reason: 'store_not_found' });
    return { store, owner };
  };

  return {
    /** Spec §3 store profile of the actor's store. */
    async getStoreProfile(actor: Actor): Promise<StoreProfile> {
      const { store, owner } = await loadStore(actor.storeId);
      return toStoreProfile(store, owner);
    },

    async updateStoreProfile(actor: Actor, input: UpdateStoreProfileInput): Promise<StoreProfile> {
      requireRole(actor, 'OWNER', 'ADMIN');
      const { store, owner } = await loadStore(actor.storeId);
      const { name, ...storeFields } = input;
      if (storeFields.avatarUrl) {
        storeFields.avatarUrl = await checkAvatar(store.id, storeFields.avatarUrl);
      }
      // One transaction, so a refused store field doesn't leave the owner's name changed alone.
      const updated = await db.transaction(async (tx) => {
        const repos = createIdentityRepositories(tx);
        if (name !== undefined) await repos.users.update(owner.id, { name });
        return Object.keys(storeFields).length > 0
          ? repos.stores.update(store.id, storeFields)
          : store;
      });
      // The session carries the user's name and the store's title: sessions read them anew.
      if (name !== undefined || storeFields.title !== undefined) onUserRenamed();
      return toStoreProfile(updated, name !== undefined ? { ...owner, name } : owner);
    },

    /** Spec §7: sets one external field by name; an existing name gets the new value. */
    async setExternalField(actor: Actor, field: ExternalField): Promise<StoreProfile> {
      requireRole(actor, 'OWNER', 'ADMIN');
      return db.transaction(async (tx) => {
        const repos = createIdentityRepositories(tx);
        const store = await repos.stores.findById(actor.storeId);
        const owner = store && (await repos.users.findById(store.ownerUserId));
        if (!store || !owner) throw new AppError('not_found', 'Store not found.');
        const others = store.externalFields.filter((existing) => existing.name !== field.name);
        if (others.length >= MAX_EXTERNAL_FIELDS) {
          throw new AppError(
            'unprocessable',
            `A store keeps at most ${MAX_EXTERNAL_FIELDS} external fields.`,
            {
              reason: 'too_many_external_fields',
            },
          );
        }
        const stored = { name: field.name, value: field.value };
        const updated = await repos.stores.update(store.id, {
          externalFields: [...others, stored],
        });
        return toStoreProfile(updated, owner);
      });
    },

    /** Spec §6 per-store flags; only the owner changes them. */
    async updateFeatureFlags(actor: Actor, flags: Partial<FeatureFlags>): Promise<FeatureFlags> {
      requireRole(actor, 'OWNER');
      const { store } = await loadStore(actor.storeId);
      const featureFlags = { ...DEFAULT_FEATURE_FLAGS, ...store.featureFlags, ...flags };
      await repositories.stores.update(store.id, { featureFlags });
      return featureFlags;
    },
  };
};
export type StoreService = ReturnType<typeof createStoreService>;
