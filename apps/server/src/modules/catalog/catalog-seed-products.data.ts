import type { SeededRandom } from '@/lib/seeded-random';

/**
 * Demo base products for the registry factories: what a factory of each apparel category
 * typically makes, with a plausible unit price range at the MOQ (cents). Titles are built as
 * "<material> <product>", e.g. "Organic cotton crew-neck T-shirt".
 */
export type ProductTemplate = {
  name: string;
  materials: readonly string[];
  priceCents: readonly [number, number];
};

const COTTON = ['Organic cotton', 'Heavyweight cotton', 'Recycled cotton', 'Combed cotton'];
const FLEECE = ['French terry', 'Brushed fleece', 'Organic cotton fleece'];
const DENIM = ['Rigid denim', 'Stretch denim', 'Selvedge denim', 'Organic cotton denim'];
const WOVEN = ['Cotton twill', 'Linen', 'Poplin', 'Viscose', 'Tencel'];
const TECHNICAL = ['Recycled polyester', 'Nylon ripstop', 'Waterproof nylon', 'Softshell'];
const STRETCH = ['Recycled nylon', 'Nylon-spandex', 'Quick-dry polyester', 'Brushed jersey'];
const KNIT = ['Merino wool', 'Lambswool', 'Cotton-cashmere', 'Chunky acrylic'];
const LEATHER = ['Full-grain leather', 'Vegan leather', 'Suede', 'Waxed canvas'];

export const PRODUCT_TEMPLATES: Readonly<Record<number, readonly ProductTemplate[]>> = {
  // Apparel & Accessories > Clothing > Shirts & Tops
  212: [
    { name: 'crew-neck T-shirt', materials: COTTON, priceCents: [250, 900] },
    { name: 'oversized T-shirt', materials: COTTON, priceCents: [350, 1100] },
    { name: 'long-sleeve T-shirt', materials: COTTON, priceCents: [400, 1200] },
    {
      name: 'polo shirt',
      materials: ['Pique cotton', 'Organic cotton', 'Performance'],
      priceCents: [600, 1600],
    },
    { name: 'hoodie', materials: FLEECE, priceCents: [1200, 3200] },
    { name: 'crewneck sweatshirt', materials: FLEECE, priceCents: [1000, 2800] },
    {
      name: 'button-down shirt',
      materials: ['Oxford cotton', 'Linen', 'Poplin'],
      priceCents: [900, 2600],
    },
    { name: 'knit sweater', materials: KNIT, priceCents: [1500, 4500] },
    { name: 'tank top', materials: COTTON, priceCents: [200, 700] },
  ],
  // Pants
  204: [
    { name: 'straight-leg jeans', materials: DENIM, priceCents: [1200, 3500] },
    { name: 'slim-fit jeans', materials: DENIM, priceCents: [1200, 3500] },
    {
      name: 'chino trousers',
      materials: ['Cotton twill', 'Stretch twill'],
      priceCents: [1000, 2800],
    },
    {
      name: 'cargo pants',
      materials: ['Cotton ripstop', 'Cotton twill', 'Nylon'],
      priceCents: [1200, 3000],
    },
    { name: 'jogger sweatpants', materials: FLEECE, priceCents: [900, 2400] },
    { name: 'wide-leg trousers', materials: WOVEN, priceCents: [1100, 3200] },
  ],
  // Shorts
  207: [
    { name: 'denim shorts', materials: DENIM, priceCents: [800, 2000] },
    { name: 'chino shorts', materials: ['Cotton twill', 'Linen'], priceCents: [700, 1800] },
    { name: 'sweat shorts', materials: FLEECE, priceCents: [600, 1600] },
    { name: 'running shorts', materials: STRETCH, priceCents: [500, 1500] },
  ],
  // Outerwear
  203: [
    { name: 'denim jacket', materials: DENIM, priceCents: [1800, 4500] },
    { name: 'puffer jacket', materials: TECHNICAL, priceCents: [2500, 7500] },
    { name: 'windbreaker', materials: TECHNICAL, priceCents: [1500, 4000] },
    { name: 'rain jacket', materials: TECHNICAL, priceCents: [2000, 5500] },
    { name: 'coach jacket', materials: ['Nylon', 'Cotton twill'], priceCents: [1500, 3800] },
    {
      name: 'overcoat',
      materials: ['Wool blend', 'Recycled wool', 'Cashmere blend'],
      priceCents: [4500, 12000],
    },
    {
      name: 'fleece vest',
      materials: ['Polar fleece', 'Recycled fleece'],
      priceCents: [1000, 2600],
    },
  ],
  // Dresses
  2271: [
    { name: 'slip dress', materials: ['Satin', 'Viscose', 'Silk'], priceCents: [1200, 4000] },
    { name: 'shirt dress', materials: WOVEN, priceCents: [1300, 3800] },
    { name: 'wrap dress', materials: ['Jersey', 'Viscose', 'Crepe'], priceCents: [1300, 3800] },
    { name: 'knit midi dress', materials: ['Rib knit', 'Merino wool'], priceCents: [1500, 4200] },
    { name: 'T-shirt dress', materials: COTTON, priceCents: [700, 1800] },
  ],
  // Activewear
  5322: [
    { name: 'high-waist leggings', materials: STRETCH, priceCents: [700, 2200] },
    { name: 'sports bra', materials: STRETCH, priceCents: [600, 1800] },
    {
      name: 'performance T-shirt',
      materials: ['Quick-dry polyester', 'Merino wool'],
      priceCents: [500, 1600],
    },
    { name: 'track jacket', materials: ['Tricot', 'Recycled polyester'], priceCents: [1400, 3600] },
    { name: 'cycling shorts', materials: STRETCH, priceCents: [600, 1800] },
  ],
  // Sleepwear & Loungewear
  208: [
    {
      name: 'pajama set',
      materials: ['Cotton poplin', 'Satin', 'Flannel', 'Modal'],
      priceCents: [1200, 3500],
    },
    {
      name: 'lounge pants',
      materials: ['Modal', 'Waffle knit', 'Cotton jersey'],
      priceCents: [700, 2000],
    },
    {
      name: 'bathrobe',
      materials: ['Terry cotton', 'Waffle cotton', 'Linen'],
      priceCents: [1500, 4000],
    },
    { name: 'sleep shirt', materials: ['Cotton jersey', 'Modal'], priceCents: [600, 1600] },
  ],
  // Skirts
  1581: [
    { name: 'mini skirt', materials: ['Denim', 'Corduroy', 'Tweed'], priceCents: [700, 2000] },
    {
      name: 'pleated midi skirt',
      materials: ['Satin', 'Chiffon', 'Wool blend'],
      priceCents: [1000, 2800],
    },
    { name: 'A-line skirt', materials: WOVEN, priceCents: [900, 2400] },
  ],
  // Underwear & Socks
  213: [
    {
      name: 'crew socks',
      materials: ['Combed cotton', 'Merino wool', 'Bamboo'],
      priceCents: [80, 400],
    },
    {
      name: 'ankle socks',
      materials: ['Combed cotton', 'Bamboo', 'Recycled cotton'],
      priceCents: [60, 300],
    },
    {
      name: 'boxer briefs',
      materials: ['Cotton-stretch', 'Modal', 'Bamboo'],
      priceCents: [250, 900],
    },
    { name: 'bralette', materials: ['Lace', 'Organic cotton', 'Modal'], priceCents: [400, 1400] },
    {
      name: 'briefs',
      materials: ['Organic cotton', 'Modal', 'Microfiber'],
      priceCents: [150, 600],
    },
    {
      name: 'compression socks',
      materials: ['Nylon-spandex', 'Merino wool'],
      priceCents: [200, 800],
    },
  ],
  // Swimwear
  211: [
    {
      name: 'swim trunks',
      materials: ['Recycled polyester', 'Quick-dry nylon'],
      priceCents: [700, 2000],
    },
    {
      name: 'one-piece swimsuit',
      materials: ['Recycled nylon', 'Econyl'],
      priceCents: [1000, 3000],
    },
    {
      name: 'bikini set',
      materials: ['Recycled nylon', 'Econyl', 'Ribbed lycra'],
      priceCents: [900, 2800],
    },
    {
      name: 'rash guard',
      materials: ['UPF 50 polyester', 'Recycled nylon'],
      priceCents: [800, 2200],
    },
  ],
  // Baby & Toddler Clothing
  182: [
    {
      name: 'baby bodysuit',
      materials: ['Organic cotton', 'Bamboo', 'Pima cotton'],
      priceCents: [250, 900],
    },
    {
      name: 'baby romper',
      materials: ['Organic cotton', 'Muslin', 'Linen'],
      priceCents: [400, 1400],
    },
    { name: 'toddler T-shirt', materials: COTTON, priceCents: [200, 700] },
    { name: 'baby sleepsuit', materials: ['Organic cotton', 'Bamboo'], priceCents: [400, 1200] },
  ],
  // Uniforms
  2306: [
    { name: 'work shirt', materials: ['Poly-cotton', 'Cotton twill'], priceCents: [700, 2000] },
    {
      name: 'coveralls',
      materials: ['Cotton canvas', 'Flame-resistant cotton'],
      priceCents: [1600, 4500],
    },
    { name: 'chef jacket', materials: ['Poly-cotton', 'Cotton twill'], priceCents: [1000, 2800] },
    {
      name: 'team sports jersey',
      materials: ['Sublimated polyester', 'Mesh polyester'],
      priceCents: [500, 1800],
    },
  ],
  // Apparel & Accessories > Shoes
  187: [
    {
      name: 'low-top sneakers',
      materials: ['Canvas', 'Full-grain leather', 'Recycled knit'],
      priceCents: [1200, 3500],
    },
    {
      name: 'running shoes',
      materials: ['Engineered mesh', 'Recycled knit'],
      priceCents: [1800, 4500],
    },
    { name: 'Chelsea boots', materials: ['Full-grain leather', 'Suede'], priceCents: [2800, 7000] },
    { name: 'slides', materials: ['EVA', 'Rubber', 'Cork'], priceCents: [300, 1200] },
    { name: 'loafers', materials: ['Full-grain leather', 'Suede'], priceCents: [2200, 6000] },
    { name: 'sandals', materials: ['Leather', 'Cork', 'Vegan leather'], priceCents: [900, 2800] },
    { name: 'work boots', materials: ['Full-grain leather', 'Nubuck'], priceCents: [3000, 7500] },
  ],
  // Handbags, Wallets & Cases > Handbags
  3032: [
    { name: 'tote bag', materials: [...LEATHER, 'Cotton canvas'], priceCents: [800, 4500] },
    { name: 'crossbody bag', materials: LEATHER, priceCents: [1200, 4800] },
    { name: 'shoulder bag', materials: LEATHER, priceCents: [1500, 5500] },
    { name: 'clutch', materials: ['Satin', 'Vegan leather', 'Raffia'], priceCents: [800, 3000] },
  ],
  // Handbags, Wallets & Cases > Wallets & Money Clips
  2668: [
    { name: 'bifold wallet', materials: LEATHER, priceCents: [500, 2200] },
    { name: 'card holder', materials: LEATHER, priceCents: [300, 1400] },
    { name: 'zip-around wallet', materials: LEATHER, priceCents: [700, 2500] },
  ],
  // Luggage & Bags > Backpacks
  100: [
    {
      name: 'backpack',
      materials: ['Cotton canvas', 'Recycled polyester', 'Waxed canvas'],
      priceCents: [1200, 4000],
    },
    {
      name: 'laptop backpack',
      materials: ['Ballistic nylon', 'Recycled polyester'],
      priceCents: [1800, 5000],
    },
    { name: 'drawstring bag', materials: ['Cotton', 'Recycled polyester'], priceCents: [150, 600] },
  ],
  // Clothing Accessories > Gloves & Mittens
  170: [
    { name: 'knit gloves', materials: KNIT, priceCents: [250, 900] },
    {
      name: 'leather gloves',
      materials: ['Lambskin', 'Goatskin', 'Deerskin'],
      priceCents: [900, 3000],
    },
    { name: 'work gloves', materials: ['Nitrile-coated nylon', 'Cowhide'], priceCents: [150, 800] },
    { name: 'mittens', materials: ['Wool', 'Fleece-lined knit'], priceCents: [300, 1200] },
  ],
  // Clothing Accessories > Hats
  173: [
    {
      name: 'baseball cap',
      materials: ['Cotton twill', 'Washed canvas', 'Corduroy'],
      priceCents: [250, 900],
    },
    {
      name: 'beanie',
      materials: ['Merino wool', 'Acrylic rib knit', 'Recycled yarn'],
      priceCents: [200, 800],
    },
    {
      name: 'bucket hat',
      materials: ['Cotton twill', 'Nylon', 'Terry cloth'],
      priceCents: [300, 1000],
    },
    {
      name: 'trucker hat',
      materials: ['Foam and mesh', 'Cotton and mesh'],
      priceCents: [250, 800],
    },
  ],
  // Clothing Accessories > Scarves & Shawls
  177: [
    {
      name: 'scarf',
      materials: ['Wool', 'Silk', 'Cashmere blend', 'Modal'],
      priceCents: [400, 2500],
    },
    { name: 'shawl', materials: ['Wool', 'Cotton voile', 'Silk'], priceCents: [600, 3000] },
  ],
  // Clothing Accessories > Belts
  169: [
    {
      name: 'belt',
      materials: ['Full-grain leather', 'Braided leather', 'Canvas', 'Vegan leather'],
      priceCents: [400, 2000],
    },
  ],
  // Clothing Accessories > Sunglasses
  178: [
    {
      name: 'sunglasses',
      materials: ['Acetate', 'Metal', 'Recycled plastic'],
      priceCents: [300, 2500],
    },
  ],
  // Home & Garden > Linens & Bedding > Towels
  4077: [
    {
      name: 'bath towel',
      materials: ['Cotton terry', 'Turkish cotton', 'Bamboo'],
      priceCents: [300, 1400],
    },
    {
      name: 'beach towel',
      materials: ['Cotton velour', 'Recycled cotton'],
      priceCents: [500, 1800],
    },
    {
      name: 'hand towel',
      materials: ['Cotton terry', 'Waffle cotton', 'Linen'],
      priceCents: [150, 700],
    },
  ],
  // Home & Garden > Linens & Bedding > Bedding
  569: [
    {
      name: 'duvet cover set',
      materials: ['Cotton percale', 'Cotton sateen', 'Linen'],
      priceCents: [1500, 5000],
    },
    {
      name: 'fitted sheet',
      materials: ['Cotton percale', 'Jersey cotton', 'Bamboo'],
      priceCents: [600, 2200],
    },
    {
      name: 'pillowcase pair',
      materials: ['Cotton sateen', 'Linen', 'Silk'],
      priceCents: [300, 1800],
    },
  ],
  // Home & Garden > Linens & Bedding > Table Linens
  601: [
    {
      name: 'tablecloth',
      materials: ['Linen', 'Cotton', 'Polyester jacquard'],
      priceCents: [600, 2500],
    },
    { name: 'napkin set', materials: ['Linen', 'Cotton'], priceCents: [300, 1200] },
  ],
  // Home & Garden > Decor > Rugs
  598: [
    { name: 'area rug', materials: ['Wool', 'Jute', 'Recycled PET'], priceCents: [2500, 12000] },
    { name: 'runner rug', materials: ['Wool', 'Cotton', 'Jute'], priceCents: [1500, 6000] },
    { name: 'doormat', materials: ['Coir', 'Rubber-backed polyester'], priceCents: [300, 1500] },
  ],
  // Sporting Goods > Outdoor Recreation > Camping & Hiking
  1013: [
    { name: 'dome tent', materials: ['Polyester', 'Ripstop nylon'], priceCents: [2500, 9000] },
    {
      name: 'sleeping bag',
      materials: ['Recycled polyester fill', 'Down fill'],
      priceCents: [1800, 7000],
    },
    { name: 'camping tarp', materials: ['Ripstop nylon', 'Polyester'], priceCents: [800, 3000] },
  ],
  // Office Supplies > Shipping Supplies > Moving & Shipping Boxes
  973: [
    {
      name: 'mailer box',
      materials: ['Corrugated kraft', 'Recycled cardboard'],
      priceCents: [40, 250],
    },
    {
      name: 'shipping carton',
      materials: ['Double-wall corrugated', 'Kraft corrugated'],
      priceCents: [60, 400],
    },
    {
      name: 'rigid gift box',
      materials: ['Greyboard', 'Recycled cardboard'],
      priceCents: [150, 900],
    },
  ],
  // Business & Industrial > Retail > Paper & Plastic Shopping Bags
  1837: [
    {
      name: 'shopping bag',
      materials: ['Kraft paper', 'Recycled paper', 'Coated paper'],
      priceCents: [20, 150],
    },
    {
      name: 'poly mailer bag',
      materials: ['Recycled LDPE', 'Compostable film'],
      priceCents: [10, 80],
    },
  ],
};

/**
 * "<material> <product>", without saying a word twice where they meet: "Rigid denim" and
 * "denim jacket" make "Rigid denim jacket", not "Rigid denim denim jacket".
 */
export const productTitleOf = (material: string, productName: string): string => {
  const lastWord = material.split(' ').at(-1)!.toLowerCase();
  const [firstWord, ...rest] = productName.split(' ');
  return firstWord?.toLowerCase() === lastWord && rest.length > 0
    ? `${material} ${rest.join(' ')}`
    : `${material} ${productName}`;
};

/**
 * What a factory makes, read from the words of its name (the registry lists no product line),
 * first match wins; a name that says nothing gets general clothing. Names are in many
 * languages: "Industria de încălțăminte" (Romanian), "calzificio" (Italian hosiery), "calzado".
 */
const NAME_RULES: readonly { pattern: RegExp; categoryIds: readonly number[] }[] = [
  {
    pattern:
      /shoe|footwear|boot|sandal|sneaker|incaltaminte|calzado|calzatur|chaussure|schuh|sapato|calcado|ayakkab/,
    categoryIds: [187],
  },
  { pattern: /sock|\bsox\b|hosiery|calzificio|calcetin|chaussette/, categoryIds: [213] },
  { pattern: /underwear|intimate|lingerie|brassiere|\bbra\b|jogbra/, categoryIds: [213, 208] },
  // Hanes makes underwear, socks, T-shirts and activewear.
  { pattern: /\bhanes/, categoryIds: [213, 212, 5322] },
  { pattern: /swim/, categoryIds: [211, 5322] },
  { pattern: /towel|hometex|home ?textile|bedding|\bsheets?\b/, categoryIds: [4077, 569, 601] },
  { pattern: /carpet|\brugs?\b/, categoryIds: [598] },
  { pattern: /\btents?\b|camping|outdoor (goods|products)/, categoryIds: [1013, 100] },
  { pattern: /packag|karton|carton|\bpak\b/, categoryIds: [973, 1837] },
  { pattern: /denim|jean/, categoryIds: [204, 207, 203] },
  { pattern: /knit|sweater|jersey|wool ?ware|tricot/, categoryIds: [212, 208, 5322] },
  { pattern: /glove/, categoryIds: [170] },
  { pattern: /headwear|\bhats?\b|\bcaps?\b/, categoryIds: [173] },
  {
    pattern: /bag|luggage|handbag|backpack|travell?ing goods/,
    categoryIds: [3032, 100, 2668],
  },
  { pattern: /leather|\bfur\b/, categoryIds: [3032, 2668, 169] },
  { pattern: /sport|athletic|active/, categoryIds: [5322, 212, 207] },
  { pattern: /baby|kid|child|infant/, categoryIds: [182] },
  { pattern: /uniform|workwear/, categoryIds: [2306] },
  { pattern: /outdoor|jacket|coat|\bdown\b|outerwear|ski-?wear/, categoryIds: [203, 204] },
  { pattern: /optical|eyewear/, categoryIds: [178] },
  { pattern: /shirt/, categoryIds: [212] },
  { pattern: /dress/, categoryIds: [2271, 1581, 212] },
  { pattern: /scarf|scarves|silk/, categoryIds: [177, 2271] },
  // Print and embroidery houses decorate blanks: T-shirts, sweatshirts and caps.
  { pattern: /print|embroider|embellish/, categoryIds: [212, 173] },
];
const GENERAL_CLOTHING = [212, 204, 2271, 203, 5322, 208, 1581, 207] as const;

/**
 * 1–3 product lines (catalog categories) plausible for a factory of this name: the first is
 * what the name says; a name that says nothing gets general clothing.
 */
export const pickProductLines = (name: string, random: SeededRandom): number[] => {
  const lower = name.toLowerCase();
  const rule = NAME_RULES.find((candidate) => candidate.pattern.test(lower));
  const pool = rule ? rule.categoryIds : GENERAL_CLOTHING;
  const count = Math.min(pool.length, random.int(1, 3));
  // The first category of a rule is what the name says, so it is always kept.
  return rule ? [pool[0]!, ...random.sample(pool.slice(1), count - 1)] : random.sample(pool, count);
};

const CAPABILITIES_BY_CATEGORY: Readonly<Record<number, readonly string[]>> = {
  187: ['Footwear lasting', 'Leather work', 'Sole moulding', 'Stitching'],
  204: ['Denim washing', 'Cut & sew', 'Laser finishing'],
  207: ['Cut & sew', 'Denim washing'],
  203: ['Cut & sew', 'Seam taping', 'Down filling'],
  213: ['Knitting', 'Seamless knitting', 'Elastic finishing'],
  212: ['Cut & sew', 'Screen printing', 'Knitting'],
  5322: ['Cut & sew', 'Sublimation', 'Flatlock stitching'],
  211: ['Cut & sew', 'Sublimation'],
  3032: ['Leather work', 'Hardware sourcing'],
  2668: ['Leather work', 'Edge painting'],
  100: ['Cut & sew', 'Hardware sourcing'],
  169: ['Leather work', 'Hardware sourcing'],
  170: ['Knitting', 'Leather work'],
  173: ['Embroidery', 'Cut & sew'],
  177: ['Weaving', 'Dyeing', 'Digital printing'],
  178: ['Injection moulding', 'Lens fitting'],
  4077: ['Terry weaving', 'Dyeing', 'Embroidery'],
  569: ['Weaving', 'Quilting', 'Digital printing'],
  601: ['Weaving', 'Hemming', 'Jacquard weaving'],
  598: ['Tufting', 'Hand knotting', 'Weaving'],
  1013: ['Seam taping', 'Cut & sew', 'Waterproof coating'],
  973: ['Die cutting', 'Offset printing', 'Corrugating'],
  1837: ['Offset printing', 'Flexographic printing', 'Bag making'],
};
/** Product lines outside clothing: their general capabilities are not garment work. */
const NON_GARMENT_LINES = new Set([4077, 569, 601, 598, 1013, 973, 1837]);
const NON_GARMENT_CAPABILITIES = [
  'Private label',
  'Sampling',
  'Quality inspection',
  'Custom labels',
  'Small batch production',
] as const;
const GENERAL_CAPABILITIES = [
  'Cut & sew',
  'Screen printing',
  'Embroidery',
  'Sublimation',
  'Knitting',
  'Private label',
  'Dyeing',
  'Pattern making',
  'Sampling',
  'Garment washing',
  'Digital printing',
  'Quality inspection',
  'Custom labels',
  'Small batch production',
] as const;

/** 3–6 demo capabilities fitting the factory's product lines. */
export const pickCapabilities = (
  categoryIds: readonly number[],
  random: SeededRandom,
): string[] => {
  const specific = [...new Set(categoryIds.flatMap((id) => CAPABILITIES_BY_CATEGORY[id] ?? []))];
  const count = random.int(3, 6);
  const chosen = random.sample(specific, Math.min(specific.length, random.int(1, 3)));
  const isGarmentWork = categoryIds.some((id) => !NON_GARMENT_LINES.has(id));
  const pool = isGarmentWork ? GENERAL_CAPABILITIES : NON_GARMENT_CAPABILITIES;
  const general = pool.filter((capability) => !chosen.includes(capability));
  return [...chosen, ...random.sample(general, count - chosen.length)];
};
