import {
  IconArmchair,
  IconBabyCarriage,
  IconBackpack,
  IconBallFootball,
  IconBath,
  IconBed,
  IconBook,
  IconBox,
  IconBrowser,
  IconBuildingFactory2,
  IconBuildingStore,
  IconCamera,
  IconCandle,
  IconCar,
  IconCategory,
  IconConfetti,
  IconDeviceLaptop,
  IconDeviceWatch,
  IconDiamond,
  IconEyeglass,
  IconFirstAidKit,
  IconGift,
  IconGlassFull,
  IconHanger,
  IconHanger2,
  IconHome,
  IconJacket,
  IconLuggage,
  IconMovie,
  IconNeedleThread,
  IconPackage,
  IconPalette,
  IconPaperBag,
  IconPaperclip,
  IconPaw,
  IconPerfume,
  IconPuzzle,
  IconShirt,
  IconShirtSport,
  IconShoe,
  IconShoppingBag,
  IconSock,
  IconSpeakerphone,
  IconSunglasses,
  IconTag,
  IconTie,
  IconTool,
  IconToolsKitchen2,
  IconUmbrella,
  IconWallet,
} from '@tabler/icons-react';
import type { CatalogItemKind, SupplierOffering } from '@atelier/contract/catalog/supplier';
import {
  DrawnBelt,
  DrawnBriefs,
  DrawnDress,
  DrawnHandbag,
  DrawnHat,
  DrawnHoodie,
  DrawnMitten,
  DrawnOnesie,
  DrawnRobe,
  DrawnScarf,
  DrawnShorts,
  DrawnSkirt,
  DrawnSwimsuit,
  DrawnTrousers,
} from './drawn-garments';

/** A picture of a category: a Tabler icon (MIT) or one drawn for Atelier in its style. */
export type CategoryArt = typeof IconShirt;

type ArtRule = {
  art: CategoryArt;
  /** Tested against one category name at a time (subgroup, then group, then vertical). */
  pattern: RegExp;
  /** Google product taxonomy ids (the catalog's category ids) this picture stands for. */
  ids?: readonly number[];
};

/**
 * Garments first (a title may pick one of these, see `artOfCategory`), then everything else:
 * the one map of category → picture. Most specific first: the first rule whose pattern
 * matches the most specific name of a category wins, so "Underwear & Socks" is socks and
 * "Baby & Toddler Clothing" a onesie, not a pram. `ids` lets a supplier, which carries only
 * category ids, get the same picture as its items (category-art.test.ts checks both agree).
 */
const GARMENT_RULES: readonly ArtRule[] = [
  { art: IconSock, pattern: /sock|hosiery|tights/i, ids: [213] },
  { art: DrawnBriefs, pattern: /underwear|lingerie|\bbras?\b|briefs|boxer|undershirt/i },
  { art: DrawnSwimsuit, pattern: /swim|bikini/i, ids: [211] },
  { art: DrawnDress, pattern: /\bdress(es)?\b|gown/i, ids: [2271] },
  { art: DrawnSkirt, pattern: /skirt|skort/i, ids: [1581] },
  { art: DrawnShorts, pattern: /\bshorts\b/i, ids: [207] },
  {
    art: DrawnTrousers,
    pattern: /pants\b|trouser|jeans|leggings|overalls|joggers?\b/i,
    ids: [204],
  },
  { art: DrawnHoodie, pattern: /hood(ie|y)|sweatshirt/i },
  { art: DrawnRobe, pattern: /sleepwear|loungewear|robe|pajama|nightgown/i, ids: [208] },
  { art: DrawnOnesie, pattern: /(baby|toddler).*cloth|bodysuit|onesie/i, ids: [182] },
  { art: IconJacket, pattern: /outerwear|\bcoats?\b|jacket|parka|blazer|\bvests?\b/i, ids: [203] },
  { art: IconShirtSport, pattern: /activewear|sportswear|athletic/i, ids: [5322] },
  {
    art: IconShirt,
    pattern: /\bt-?shirts?\b|\bshirts?\b|\btops\b|blouse|\bpolos?\b|tunic/i,
    ids: [212],
  },
  { art: IconTie, pattern: /\bsuits?\b|uniform|workwear|necktie|\bties\b/i, ids: [2306] },
  { art: IconShoe, pattern: /shoe|footwear|boot|sneaker|sandal|slipper/i, ids: [187] },
  { art: DrawnMitten, pattern: /glove|mitten/i, ids: [170] },
  { art: DrawnHat, pattern: /\bhats?\b|headwear|\bcaps?\b|beanie|headband/i, ids: [173] },
  { art: DrawnScarf, pattern: /scar(f|ves)|shawl|bandana/i, ids: [177] },
  { art: DrawnBelt, pattern: /\bbelts?\b/i, ids: [169] },
  { art: IconSunglasses, pattern: /sunglass/i, ids: [178] },
];

const ART_RULES: readonly ArtRule[] = [
  ...GARMENT_RULES,
  { art: IconBabyCarriage, pattern: /baby|toddler|nursery/i },
  { art: IconCamera, pattern: /camera|photograph/i },
  { art: IconEyeglass, pattern: /eyewear|eyeglass|optic|spectacle/i },
  { art: IconDeviceWatch, pattern: /watch/i },
  { art: IconDiamond, pattern: /jewel|\brings?\b|necklace|bracelet|earring|brooch/i },
  { art: IconWallet, pattern: /wallet|money clip|card case/i, ids: [2668] },
  { art: IconBackpack, pattern: /backpack/i, ids: [100] },
  { art: IconHanger2, pattern: /garment bag/i, ids: [105] },
  { art: IconPaperBag, pattern: /(paper|plastic).*bag/i, ids: [1837] },
  { art: IconShoppingBag, pattern: /tote|shopping/i, ids: [5608] },
  { art: DrawnHandbag, pattern: /handbag|purse|clutch/i, ids: [3032] },
  { art: IconLuggage, pattern: /luggage|suitcase|travel|duffel/i },
  { art: DrawnHandbag, pattern: /\bbags?\b/i },
  { art: IconUmbrella, pattern: /umbrella/i },
  { art: IconBox, pattern: /\bbox(es)?\b|carton/i, ids: [973] },
  { art: IconPackage, pattern: /packing|packag|shipping|mailer/i, ids: [974, 975] },
  { art: IconTag, pattern: /label|\btags?\b|sticker/i, ids: [960] },
  { art: IconGift, pattern: /gift/i, ids: [2559] },
  { art: IconBed, pattern: /bedding|linens|pillow|blanket|duvet|sheets/i },
  { art: IconBath, pattern: /towel|bath/i },
  { art: IconPerfume, pattern: /cosmetic|make-?up|beauty|skin care|perfume|fragrance/i },
  { art: IconFirstAidKit, pattern: /health|medical/i },
  { art: IconMovie, pattern: /film|television|video/i, ids: [2155] },
  { art: IconSpeakerphone, pattern: /advertis|marketing|brochure/i, ids: [5863, 5884] },
  { art: IconPalette, pattern: /artwork|\barts?\b|craft|hobb|design/i, ids: [16, 500046, 319] },
  { art: IconBrowser, pattern: /software|digital|website|computer/i, ids: [5300] },
  { art: IconNeedleThread, pattern: /sewing|textile|fabric|pattern/i },
  { art: IconBuildingFactory2, pattern: /manufactur|industrial|factor/i, ids: [1470] },
  { art: IconPaperclip, pattern: /office/i },
  { art: IconBuildingStore, pattern: /retail/i },
  { art: IconConfetti, pattern: /party|celebration/i },
  { art: IconArmchair, pattern: /furniture/i },
  { art: IconHome, pattern: /home|garden|household/i },
  { art: IconPaw, pattern: /animal|\bpets?\b/i },
  { art: IconDeviceLaptop, pattern: /electronic/i },
  { art: IconToolsKitchen2, pattern: /food|beverage|tobacco/i },
  { art: IconTool, pattern: /hardware|\btools?\b/i },
  { art: IconBook, pattern: /media|book/i },
  { art: IconCandle, pattern: /religious|ceremonial/i },
  { art: IconPuzzle, pattern: /\btoys?\b|games/i },
  { art: IconCar, pattern: /vehicle/i },
  { art: IconGlassFull, pattern: /mature/i },
  { art: IconBallFootball, pattern: /sport|fitness|exercise/i },
  { art: IconHanger, pattern: /apparel|clothing|accessor/i, ids: [1604, 166, 167] },
];

/** The picture of no known category. */
export const GENERIC_ART: CategoryArt = IconCategory;

const OFFERING_ART: Record<SupplierOffering, CategoryArt> = {
  PRODUCT: IconHanger,
  PACKAGING: IconPackage,
  SERVICES: IconCamera,
  WEBSITE: IconBrowser,
};

const KIND_ART: Partial<Record<CatalogItemKind, CategoryArt>> = {
  PRODUCT: IconHanger,
  RFP_PRODUCT: IconHanger,
  PACKAGING: IconPackage,
  RFP_PACKAGING: IconPackage,
  SERVICES: IconSpeakerphone,
  RFP_SERVICES: IconSpeakerphone,
  SUPPLIER: IconBuildingFactory2,
};

/**
 * The picture of the most specific category name that has one, trying the names in order
 * (subgroup, group, vertical); null when none of them has its own picture.
 */
export const specificArtOf = (
  names: readonly (string | null | undefined)[],
): CategoryArt | null => {
  for (const name of names) {
    if (!name) continue;
    const rule = ART_RULES.find(({ pattern }) => pattern.test(name));
    if (rule) return rule.art;
  }
  return null;
};

/**
 * Categories that hold several kinds of garment ("Shirts & Tops" has hoodies, "Activewear"
 * leggings, "Sleepwear & Loungewear" lounge pants): an item of one is pictured by the garment
 * its title names, when it names one. A single-garment category ("Pants") always wins.
 */
const MIXED_ARTS: ReadonlySet<CategoryArt> = new Set([
  IconSock,
  DrawnRobe,
  DrawnOnesie,
  IconShirtSport,
  IconShirt,
  IconTie,
  IconHanger,
]);

/**
 * The picture of a catalog item: its category's (names most specific first), refined by the
 * garment its title names in a mixed category, else its kind's, else the generic one.
 */
export const artOfCategory = (
  names: readonly (string | null | undefined)[],
  kind?: CatalogItemKind,
  title?: string,
): CategoryArt => {
  const category = specificArtOf(names);
  if (title && (category === null || MIXED_ARTS.has(category))) {
    const garment = GARMENT_RULES.find(({ pattern }) => pattern.test(title));
    if (garment) return garment.art;
  }
  return category ?? (kind && KIND_ART[kind]) ?? GENERIC_ART;
};

const ART_BY_ID = new Map(ART_RULES.flatMap(({ art, ids = [] }) => ids.map((id) => [id, art])));

/** The picture of a taxonomy category id, or null when the map has no picture for that id. */
export const artOfCategoryId = (categoryId: number): CategoryArt | null =>
  ART_BY_ID.get(categoryId) ?? null;

/**
 * The pictures of a supplier's categories, its main (first) category first, without repeats;
 * when none of its ids has a picture, the picture of its first offering (or the generic one).
 */
export const artsOfSupplier = (supplier: {
  categoryIds?: readonly number[];
  offerings?: readonly SupplierOffering[];
}): CategoryArt[] => {
  const arts = new Set<CategoryArt>();
  for (const id of supplier.categoryIds ?? []) {
    const art = artOfCategoryId(id);
    if (art) arts.add(art);
  }
  if (arts.size > 0) return [...arts];
  const offering = supplier.offerings?.[0];
  return [offering ? OFFERING_ART[offering] : GENERIC_ART];
};
