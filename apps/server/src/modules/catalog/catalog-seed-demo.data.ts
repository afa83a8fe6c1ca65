import type { CatalogItemKind, SupplierOffering } from '@atelier/contract/catalog/supplier';

/**
 * Demo suppliers for the sourcing tabs the public registry does not cover: ecommerce packaging,
 * business and creative services, website development. Invented names, no addresses; every
 * profile says it is demo data.
 */
export type DemoItemTemplate = {
  title: string;
  /** A taxonomy category of levels 1–3. */
  categoryId: number;
  priceCents: readonly [number, number];
  detail: string;
  /** What a supplier offering this listing can do, shown as its capabilities. */
  capabilities: readonly string[];
};

export type DemoSupplier = {
  name: string;
  countryCode: string;
  offering: Exclude<SupplierOffering, 'PRODUCT'>;
  /** What the supplier does, for its description: "custom mailer boxes and tissue paper". */
  focus: string;
  templates: readonly DemoItemTemplate[];
};

const t = (
  title: string,
  categoryId: number,
  priceCents: readonly [number, number],
  detail: string,
) => ({ title, categoryId, priceCents, detail });

const group = (capabilities: readonly string[], templates: ReturnType<typeof t>[]) =>
  templates.map((template): DemoItemTemplate => ({ ...template, capabilities }));

const BOXES = group(
  ['Custom boxes', 'Offset printing', 'Foil stamping', 'Structural design'],
  [
    t(
      'Printed kraft mailer box',
      973,
      [60, 250],
      'Corrugated E-flute mailer, printed in one or two colours, shipped flat.',
    ),
    t(
      'Full-colour mailer box',
      973,
      [90, 380],
      'CMYK-printed corrugated mailer with an inside print option.',
    ),
    t(
      'Corrugated shipping box',
      973,
      [40, 180],
      'Single-wall shipping carton in stock or custom sizes.',
    ),
    t(
      'Rigid gift box with lid',
      2559,
      [150, 650],
      'Two-piece rigid box wrapped in printed paper, with an optional insert.',
    ),
    t(
      'Magnetic closure rigid box',
      2559,
      [250, 850],
      'Book-style rigid box with a magnetic flap and foil logo.',
    ),
  ],
);
const MAILERS = group(
  ['Mailer bags', 'Compostable materials', 'Flexo printing'],
  [
    t(
      'Recycled poly mailer',
      974,
      [8, 40],
      'Mailer bag with recycled content and a peel-and-seal strip.',
    ),
    t('Compostable mailer bag', 974, [15, 65], 'Plant-based mailer bag with a printed logo.'),
    t('Padded paper envelope', 974, [20, 75], 'Paper-padded envelope, curbside recyclable.'),
    t('Drawstring dust bag', 974, [40, 220], 'Cotton or non-woven dust bag with a printed logo.'),
  ],
);
const PAPER = group(
  ['Tissue paper printing', 'Paper bags', 'Inserts and cards'],
  [
    t(
      'Branded tissue paper',
      974,
      [5, 25],
      'Acid-free tissue printed with a repeating logo pattern.',
    ),
    t(
      'Thank-you cards',
      2559,
      [5, 30],
      'Printed insert cards for orders, matte or uncoated stock.',
    ),
    t(
      'Printed packing tape',
      975,
      [150, 520],
      'Paper or polypropylene tape printed with a logo (per roll).',
    ),
    t(
      'Paper shopping bags',
      1837,
      [25, 130],
      'Kraft or coated paper bag with twisted or ribbon handles.',
    ),
  ],
);
const LABELS = group(
  ['Woven labels', 'Hang tags', 'Sticker printing'],
  [
    t('Printed hang tags', 960, [3, 20], 'Hang tags on heavy card with string or safety pin.'),
    t(
      'Custom logo stickers',
      960,
      [2, 15],
      'Die-cut stickers on rolls or sheets for sealing packages.',
    ),
    t('Woven clothing labels', 16, [3, 15], 'Damask woven neck labels, end-fold or centre-fold.'),
    t('Printed care labels', 16, [1, 8], 'Satin or nylon care labels with washing symbols.'),
  ],
);
const BAGS = group(
  ['Tote bags', 'Screen printing', 'Cut & sew'],
  [
    t('Cotton tote bags', 5608, [120, 450], 'Canvas tote bags screen-printed with a logo.'),
    t('Garment bags', 105, [80, 300], 'Breathable garment bags with a zip and printed logo.'),
  ],
);

const PHOTO = group(
  ['Product photography', 'Retouching', 'Video production', 'Art direction'],
  [
    t(
      'Ecommerce product photography',
      2155,
      [20000, 90000],
      'Packshots on white for product pages (per 10 images).',
    ),
    t(
      'On-model photo shoot',
      2155,
      [60000, 250000],
      'Half-day shoot with a model, styling and retouching.',
    ),
    t(
      'Flat-lay photography',
      2155,
      [15000, 60000],
      'Styled flat-lay images for ads and social (per 10 images).',
    ),
    t('Product video', 2155, [40000, 180000], 'Short product video for product pages and social.'),
  ],
);
const BRANDING = group(
  ['Brand identity', 'Packaging design', 'Illustration', 'Print design'],
  [
    t(
      'Brand identity design',
      5863,
      [150000, 800000],
      'Logo, colour palette, typography and a brand guide.',
    ),
    t('Logo design', 5863, [40000, 250000], 'Logo concepts, revisions and final files.'),
    t(
      'Packaging design',
      5863,
      [60000, 300000],
      'Dielines and artwork for boxes, labels and tags.',
    ),
    t('Lookbook design', 5884, [50000, 250000], 'Layout of a seasonal lookbook for print and web.'),
    t(
      'Print and graphic design',
      500046,
      [15000, 80000],
      'Artwork for garment prints and embroidery.',
    ),
  ],
);
const MARKETING = group(
  ['Social media', 'Copywriting', 'Influencer marketing'],
  [
    t(
      'Social media content pack',
      5863,
      [30000, 150000],
      'A month of posts, captions and stories.',
    ),
    t(
      'Influencer seeding campaign',
      5863,
      [100000, 500000],
      'Creator outreach, gifting and tracking.',
    ),
    t('Product description copywriting', 5863, [5000, 30000], 'Product page copy for 10 products.'),
  ],
);
const DEVELOPMENT = group(
  ['Tech packs', 'Pattern making', 'Grading', 'Sampling'],
  [
    t(
      'Tech pack creation',
      1470,
      [8000, 40000],
      'Flats, measurements, materials and construction details.',
    ),
    t('Pattern making', 1470, [10000, 50000], 'First pattern from a tech pack or a sample.'),
    t('Pattern grading', 1470, [3000, 15000], 'Grading a base pattern across a size run.'),
    t('Sample development', 1470, [15000, 80000], 'Proto and fit samples with fit comments.'),
    t('Fit session and report', 1470, [10000, 40000], 'Fit on a model with a written fit report.'),
  ],
);
const SOURCING = group(
  ['Fabric sourcing', 'Quality inspection', 'Production management'],
  [
    t(
      'Fabric and trim sourcing',
      1470,
      [20000, 120000],
      'Mills and trim suppliers shortlisted with swatches.',
    ),
    t(
      'Pre-shipment quality inspection',
      1470,
      [20000, 45000],
      'AQL inspection with a photo report (per day).',
    ),
    t(
      'Production management',
      1470,
      [100000, 500000],
      'Follow-up of a production run from PP sample to shipment.',
    ),
  ],
);
const WEBSITE = group(
  ['Shopify', 'Theme development', 'Store migration', 'SEO', 'Integrations'],
  [
    t(
      'Shopify store setup',
      5300,
      [150000, 600000],
      'Store configuration, theme install, payments, shipping and taxes.',
    ),
    t(
      'Shopify theme customisation',
      319,
      [50000, 300000],
      'Sections and templates adapted to the brand.',
    ),
    t(
      'Custom storefront design',
      319,
      [300000, 1500000],
      'Designed pages for home, collection and product.',
    ),
    t(
      'Headless commerce build',
      5300,
      [1000000, 4000000],
      'Custom front end on the store platform API.',
    ),
    t(
      'Store migration',
      5300,
      [200000, 800000],
      'Products, customers and orders moved from another platform.',
    ),
    t(
      'App and integration setup',
      5300,
      [30000, 200000],
      'Reviews, subscriptions, e-mail and shipping apps connected.',
    ),
    t(
      'Site speed optimisation',
      5300,
      [40000, 200000],
      'Audit and fixes for load time and Core Web Vitals.',
    ),
    t(
      'SEO audit and fixes',
      5863,
      [50000, 250000],
      'Technical SEO audit, metadata and structured data.',
    ),
    t(
      'Monthly store maintenance',
      5300,
      [40000, 200000],
      'Updates, small changes and monitoring (per month).',
    ),
    t('Conversion rate audit', 5863, [60000, 250000], 'Funnel review with prioritised changes.'),
  ],
);

const PACKAGING_ALL = [...BOXES, ...MAILERS, ...PAPER, ...LABELS, ...BAGS];
const packaging = (name: string, countryCode: string, focus: string, templates = PACKAGING_ALL) =>
  ({ name, countryCode, offering: 'PACKAGING', focus, templates }) as const;
const services = (
  name: string,
  countryCode: string,
  focus: string,
  templates: DemoItemTemplate[],
) => ({ name, countryCode, offering: 'SERVICES', focus, templates }) as const;
const website = (name: string, countryCode: string, focus: string) =>
  ({ name, countryCode, offering: 'WEBSITE', focus, templates: WEBSITE }) as const;

export const DEMO_SUPPLIERS: readonly DemoSupplier[] = [
  packaging('Plyfold Packaging', 'US', 'custom mailer boxes and shipping cartons', [
    ...BOXES,
    ...PAPER,
  ]),
  packaging('Kraftline Mailers', 'GB', 'kraft mailers and paper packaging', [...BOXES, ...MAILERS]),
  packaging('Boxbright Packaging', 'CN', 'printed and rigid boxes', BOXES),
  packaging('Papertrail Packaging Works', 'IN', 'paper bags, tissue and inserts', [
    ...PAPER,
    ...LABELS,
  ]),
  packaging('Mekong Box Studio', 'VN', 'mailer boxes and labels', [...BOXES, ...LABELS]),
  packaging('Nuvola Packaging Atelier', 'IT', 'rigid gift boxes and tissue paper', [
    ...BOXES,
    ...PAPER,
  ]),
  packaging('Lisboa Tissue & Tag', 'PT', 'tissue paper, hang tags and stickers', [
    ...PAPER,
    ...LABELS,
  ]),
  packaging('Northbay Poly Mailers', 'US', 'poly and compostable mailers', [...MAILERS, ...PAPER]),
  packaging('Greenfold Compostables', 'GB', 'compostable mailers and paper fill', [
    ...MAILERS,
    ...PAPER,
  ]),
  packaging('Dongguan Rigidbox Studio', 'CN', 'rigid boxes and inserts', [...BOXES, ...PAPER]),
  packaging('Jaipur Hang Tag House', 'IN', 'hang tags, labels and cards', [...LABELS, ...PAPER]),
  packaging('Hanoi Label Loom', 'VN', 'woven and printed labels', [...LABELS, ...BAGS]),
  packaging('Porto Woven Labels', 'PT', 'woven labels and care labels', LABELS),
  packaging('Milano Gift Box Atelier', 'IT', 'luxury rigid boxes and dust bags', [
    ...BOXES,
    ...MAILERS,
  ]),
  packaging('Unboxly Custom Packaging', 'US', 'complete unboxing kits'),
  packaging('Tagwell Printing', 'CA', 'hang tags, stickers and cards', [...LABELS, ...PAPER]),
  packaging('Ningbo Tissuefold Paper', 'CN', 'tissue paper and shopping bags', [...PAPER, ...BAGS]),
  packaging('Bengal Jute Bag Works', 'BD', 'tote bags, garment bags and dust bags', [
    ...BAGS,
    ...MAILERS,
  ]),
  packaging('Selva Eco Packaging', 'MX', 'recycled and compostable packaging', [
    ...MAILERS,
    ...BOXES,
  ]),
  packaging('Lumen Sticker Co.', 'AU', 'stickers, labels and packing tape', [...LABELS, ...PAPER]),
  packaging('Elbe Mailer Boxes', 'DE', 'mailer boxes and shipping cartons', [...BOXES, ...MAILERS]),
  packaging('Bosphorus Box & Bag', 'TR', 'boxes and shopping bags', [...BOXES, ...BAGS, ...PAPER]),
  packaging('Kiwi Label Press', 'NZ', 'labels, stickers and tags', LABELS),
  packaging('Barcelona Envase Studio', 'ES', 'printed boxes and tissue paper', [
    ...BOXES,
    ...PAPER,
  ]),
  packaging('Vistula Carton Works', 'PL', 'corrugated boxes and mailers', [...BOXES, ...MAILERS]),

  services('Brightframe Product Photography', 'US', 'product photography and video', PHOTO),
  services('Flatlay Studio London', 'GB', 'flat-lay and on-model photography', [
    ...PHOTO,
    ...MARKETING,
  ]),
  services('Techpack Lab', 'IN', 'tech packs and product development', DEVELOPMENT),
  services('Patternhouse Grading', 'PT', 'pattern making and grading', DEVELOPMENT),
  services('Yangtze QC Partners', 'CN', 'quality inspection and production follow-up', SOURCING),
  services('Moodboard Brand Studio', 'US', 'brand identity and packaging design', BRANDING),
  services('Lookbook & Co.', 'IT', 'lookbooks, photography and art direction', [
    ...BRANDING,
    ...PHOTO,
  ]),
  services('Saigon Sample Room', 'VN', 'sample development and fit', DEVELOPMENT),
  services('Sourcing Desk Dhaka', 'BD', 'fabric sourcing and production management', SOURCING),
  services('Milano Fashion Illustration', 'IT', 'fashion illustration and print design', BRANDING),
  services('Copy & Cloth', 'GB', 'copywriting and social media for fashion brands', MARKETING),
  services('Field Notes Social', 'US', 'social media and influencer campaigns', MARKETING),
  services('Bangalore Apparel Development', 'IN', 'tech packs, patterns and samples', [
    ...DEVELOPMENT,
    ...SOURCING,
  ]),
  services('Porto Production Management', 'PT', 'production management and inspection', SOURCING),
  services('Guangzhou Fabric Scouts', 'CN', 'fabric and trim sourcing', SOURCING),
  services('Studio Lumiere Video', 'FR', 'product video and photography', PHOTO),
  services('Brand Sprint Partners', 'CA', 'brand identity for new labels', [
    ...BRANDING,
    ...MARKETING,
  ]),
  services('Seamline Fit Consulting', 'US', 'fit sessions and pattern corrections', DEVELOPMENT),
  services('Creator Launch Collective', 'AU', 'launch campaigns for creator brands', [
    ...MARKETING,
    ...PHOTO,
  ]),
  services('Madrid Packaging Design', 'ES', 'packaging and label design', BRANDING),

  website('Shopcraft Studio', 'US', 'Shopify stores for creator brands'),
  website('Pixel Tailor', 'GB', 'theme customisation and storefront design'),
  website('Liquid Theme Works', 'IN', 'Shopify theme development'),
  website('Headless Atelier', 'PT', 'headless commerce builds'),
  website('Storefront Sprint', 'VN', 'fast store setups and migrations'),
  website('Vetrina Digitale', 'IT', 'storefront design and SEO'),
  website('Northside Web Co.', 'CA', 'store setup and maintenance'),
  website('Conversion Loft', 'US', 'conversion and speed optimisation'),
  website('Mumbai Commerce Labs', 'IN', 'integrations and custom apps'),
  website('Spree Storefronts', 'DE', 'store migrations and custom storefronts'),
  website('Speedshop Optimisation', 'NL', 'site speed and Core Web Vitals'),
  website('Kowhai Web Studio', 'NZ', 'Shopify stores and maintenance'),
];

/** The catalog item kind of a demo supplier's listings. */
export const itemKindOf = (offering: DemoSupplier['offering']): CatalogItemKind =>
  offering === 'PACKAGING' ? 'PACKAGING' : 'SERVICES';
