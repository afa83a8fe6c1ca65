import { ThemeIcon } from '@mantine/core';
import {
  IconBackpack,
  IconBox,
  IconBuildingFactory2,
  IconBuildingStore,
  IconCategory,
  IconCode,
  IconConfetti,
  IconDiamond,
  IconHanger,
  IconMovie,
  IconPackage,
  IconPalette,
  IconPaperclip,
  IconShirt,
  IconShoe,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { createElement } from 'react';
import type { CatalogItemKind } from '@atelier/contract/catalog/supplier';

type IconComponent = typeof IconCategory;

/** Most specific first: subgroup or group names, then verticals. */
const ICON_RULES: readonly [RegExp, IconComponent][] = [
  [/shoe|footwear|boot|sneaker|sandal/i, IconShoe],
  [/bag|backpack|tote|luggage|wallet|case/i, IconBackpack],
  [/jewel|watch/i, IconDiamond],
  [/accessor/i, IconHanger],
  [/shipping|packag|box|mailer/i, IconPackage],
  [/software|digital|web/i, IconCode],
  [/advertis|marketing/i, IconSpeakerphone],
  [/film|television|video|photo/i, IconMovie],
  [/manufactur/i, IconBuildingFactory2],
  [/party|celebration/i, IconConfetti],
  [/hobb|arts|creative/i, IconPalette],
  [/office/i, IconPaperclip],
  [/retail/i, IconBuildingStore],
  [/cloth|apparel|wear|shirt|dress|pant|short|skirt|top/i, IconShirt],
];

const KIND_ICONS: Partial<Record<CatalogItemKind, IconComponent>> = {
  PACKAGING: IconPackage,
  SERVICES: IconSpeakerphone,
};

export const iconOfCategory = (
  names: readonly (string | null | undefined)[],
  kind?: CatalogItemKind,
): IconComponent => {
  for (const name of names) {
    if (!name) continue;
    const rule = ICON_RULES.find(([pattern]) => pattern.test(name));
    if (rule) return rule[1];
  }
  return (kind && KIND_ICONS[kind]) ?? (kind === 'PRODUCT' ? IconBox : IconCategory);
};

type CategoryIconProps = {
  subgroup: string | null;
  group: string | null;
  vertical: string | null;
  kind?: CatalogItemKind;
  size?: number;
};

/** Stands in for a product photo: no invented images, an icon of the item's category. */
export const CategoryIcon = ({ subgroup, group, vertical, kind, size = 56 }: CategoryIconProps) => {
  const icon = iconOfCategory([subgroup, group, vertical], kind);
  return (
    <ThemeIcon
      size={size}
      radius="md"
      variant="light"
      color="indigo"
      aria-label={`${subgroup ?? group ?? vertical ?? 'Uncategorised'} (no photo)`}
      role="img"
    >
      {createElement(icon, { size: Math.round(size * 0.55), stroke: 1.5, 'aria-hidden': true })}
    </ThemeIcon>
  );
};
