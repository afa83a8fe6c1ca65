import type { ValueSource } from '@atelier/contract/catalog/supplier';
import {
  supplierImageUrl,
  type SupplierProfile,
  type UpdateSupplierProfileInput,
} from '@atelier/contract/catalog/supplier-profile';
import type { SupplierActor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { categoryWordsOf, loadCatalogReference, searchTextOf } from './catalog-rows';
import { checkSupplierImages, type SupplierImageFiles } from './supplier-images';
import type {
  SupplierProfileChanges,
  SupplierProfileRepository,
  SupplierProfileRow,
} from './supplier-profile.repository';

type SupplierProfileServiceDeps = {
  profiles: SupplierProfileRepository;
  files: SupplierImageFiles;
  clock: Clock;
  /** Whether the file is the photo of one of the company's catalogue items (also public). */
  isItemImage: (companyId: string, fileId: string) => Promise<boolean>;
  /** Called after a write: cached search answers must not show the old values. */
  onProfileChanged: (companyId: string) => void;
};

const IMAGE_FIELDS = ['logoFileId', 'coverFileId', 'photoFileIds'] as const;

/** The field-source key of each input field, as cards and the profile read them. */
const SOURCE_KEYS: Record<keyof UpdateSupplierProfileInput, string> = {
  description: 'description',
  capabilities: 'capabilities',
  certifications: 'certifications',
  samplePrice: 'samplePrice',
  moq: 'moq',
  productionTimeDays: 'productionTimeDays',
  orderVolume: 'orderVolume',
  logoFileId: 'logo',
  coverFileId: 'cover',
  photoFileIds: 'photos',
};

const profileNotFound = () =>
  new AppError('not_found', 'Your supplier company no longer exists.', {
    reason: 'company_not_found',
  });

export const toSupplierProfile = (row: SupplierProfileRow): SupplierProfile => {
  const image = (fileId: string) => ({ fileId, url: supplierImageUrl(row.id, fileId) });
  return {
    companyId: row.id,
    name: row.name,
    description: row.description,
    capabilities: row.capabilities,
    certifications: row.certifications,
    samplePrice:
      row.samplePriceCents === null ? null : { amount: row.samplePriceCents, currencyCode: 'USD' },
    moq: row.moq,
    productionTimeDays: row.productionTimeDays,
    orderVolume: row.orderVolume,
    logo: row.logoFileId === null ? null : image(row.logoFileId),
    cover: row.coverFileId === null ? null : image(row.coverFileId),
    photos: row.photoFileIds.map(image),
    fieldSources: row.fieldSources,
    updatedAt: row.updatedAt.toISOString(),
  };
};

/**
 * Issue 10: a supplier reads and edits its own catalog company. Only the signed-in supplier's
 * company (`actor.companyId`) is ever read or written.
 */
export const createSupplierProfileService = ({
  profiles,
  files,
  clock,
  isItemImage,
  onProfileChanged,
}: SupplierProfileServiceDeps) => {
  let reference: ReturnType<typeof loadCatalogReference> | undefined;

  const checkImages = (companyId: string, input: UpdateSupplierProfileInput) =>
    checkSupplierImages(
      files,
      companyId,
      IMAGE_FIELDS.flatMap((field) => {
        const value = input[field];
        const ids = value === undefined || value === null ? [] : [value].flat();
        return ids.map((fileId) => ({ field, fileId }));
      }),
    );

  /** Full-text words of the company, as the seed and the import write them. */
  const searchTextFor = (row: SupplierProfileRow, changes: SupplierProfileChanges) => {
    reference ??= loadCatalogReference();
    return searchTextOf([
      row.name,
      changes.description ?? row.description,
      (changes.capabilities ?? row.capabilities).join(' '),
      (changes.certifications ?? row.certifications).join(' '),
      categoryWordsOf(row.categoryIds, reference.categories),
      reference.countries.get(row.countryCode)?.name,
    ]);
  };

  return {
    /** The signed-in supplier's profile; 404 `company_not_found` if its company is gone. */
    async getOwnProfile(actor: SupplierActor): Promise<SupplierProfile> {
      const row = await profiles.findProfile(actor.companyId);
      if (!row) throw profileNotFound();
      return toSupplierProfile(row);
    },

    /**
     * Writes the fields given (units as in the contract: cents, units, days); each gets source
     * `supplier`. Images must be the supplier's own uploads (400 `profile_image_invalid`).
     * Cached search answers are dropped so stores see the change at once.
     */
    async updateOwnProfile(
      actor: SupplierActor,
      input: UpdateSupplierProfileInput,
    ): Promise<SupplierProfile> {
      const current = await profiles.findProfile(actor.companyId);
      if (!current) throw profileNotFound();
      await checkImages(actor.companyId, input);
      const { samplePrice, ...rest } = input;
      const changes: SupplierProfileChanges = Object.fromEntries(
        Object.entries(rest).filter(([, value]) => value !== undefined),
      );
      if (samplePrice !== undefined) changes.samplePriceCents = samplePrice?.amount ?? null;
      const sources: Record<string, ValueSource> = {};
      for (const [field, value] of Object.entries(input)) {
        if (value !== undefined)
          sources[SOURCE_KEYS[field as keyof typeof SOURCE_KEYS]] = 'supplier';
      }
      if (
        changes.description !== undefined ||
        changes.capabilities !== undefined ||
        changes.certifications !== undefined
      ) {
        changes.searchText = searchTextFor(current, changes);
      }
      const row = await profiles.updateProfile(actor.companyId, changes, sources, clock.now());
      if (!row) throw profileNotFound();
      onProfileChanged(actor.companyId);
      return toSupplierProfile(row);
    },

    /**
     * A supplier's logo, cover, factory photo or item photo (public); 404 `image_not_found` for
     * any other file.
     */
    async readImage(companyId: string, fileId: string) {
      const row = await profiles.findProfile(companyId);
      const isPublished =
        row !== undefined &&
        (row.logoFileId === fileId ||
          row.coverFileId === fileId ||
          row.photoFileIds.includes(fileId) ||
          (await isItemImage(companyId, fileId)));
      const image = isPublished ? await files.readPublishedImage(fileId) : undefined;
      if (!image) {
        throw new AppError('not_found', 'This image does not exist.', {
          reason: 'image_not_found',
        });
      }
      return image;
    },
  };
};
export type SupplierProfileService = ReturnType<typeof createSupplierProfileService>;
