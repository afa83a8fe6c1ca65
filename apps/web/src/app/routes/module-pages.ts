import type { FeatureKey } from '@atelier/contract/billing/entitlements';

/**
 * Pages of spec §2 whose module is not built yet. Each names what will be there and which
 * module brings it; none shows data. Paths use the router's syntax (`$id`, `{-$id}` optional).
 */
export type ModulePage = {
  path: string;
  title: string;
  description: string;
  /** The plan-gated feature of the page (spec §6, issue 13): without it the page shows its gate. */
  feature?: FeatureKey;
};

const page = (
  path: string,
  title: string,
  description: string,
  feature?: FeatureKey,
): ModulePage => (feature ? { path, title, description, feature } : { path, title, description });

export const SIGNED_IN_MODULE_PAGES: readonly ModulePage[] = [
  page(
    '/education',
    'Education',
    'Workshops, videos and guides on designing, sourcing and selling will be listed here once the education module lands.',
  ),
  page(
    '/subscribers',
    'Subscribers',
    'The people who subscribed to your storefront will be listed here once the marketing module lands.',
  ),
  page(
    '/sourcing-agent',
    'AI sourcing agent',
    'Describe the product you want made; the agent will draft a tech pack and write to in-network and expanded-network factories once the sourcing module lands.',
  ),
  page(
    '/sourcing-agent-review',
    'Sourcing agent review',
    "The sourcing agent's plan and the factory messages it drafted will be reviewed here once the sourcing module lands.",
  ),
  page(
    '/tariff-rate-agent',
    'Tariff rate agent',
    'The tariff agent will look up duty rates for your products and their countries of origin once the sourcing module lands.',
  ),
  page(
    '/tariff-rate-agent-review',
    'Tariff rate review',
    "The tariff agent's findings will be reviewed here once the sourcing module lands.",
  ),
  page(
    '/text-fans',
    'Text your fans',
    'SMS campaigns to your subscribers will be written and sent here once the marketing module lands.',
    'sms_marketing',
  ),
  page(
    '/email-fans',
    'Email your fans',
    'E-mail campaigns to your subscribers will be written and sent here once the marketing module lands.',
  ),
  page(
    '/discount',
    'Discount codes',
    "Your storefront's discount codes will be listed and created here once the storefront module lands.",
  ),
  page(
    '/discount-detail/$id',
    'Discount code',
    'The settings and use of one discount code will show here once the storefront module lands.',
  ),
  page(
    '/set-pietra-pop',
    'Storefront pop-up',
    'The sign-up pop-up of your Atelier storefront will be set up here once the storefront module lands.',
  ),
  page(
    '/browse-suppliers-with-uploaded-image',
    'Search by image',
    'Upload a picture of a product to find suppliers who make something like it, once the catalog module lands.',
  ),
  page(
    '/ecommerce-services/pietra-shop',
    'Atelier shop',
    'Selling through your Atelier shop will be set up here once the storefront module lands.',
  ),
  page(
    '/ecommerce-services/instagram',
    'Instagram',
    'Selling through Instagram will be set up here once the fulfillment module lands.',
  ),
  page(
    '/ecommerce-services/wholesale',
    'Wholesale',
    'Wholesale selling will be set up here once the storefront module lands.',
  ),
  page(
    '/ecommerce-services/verishop',
    'Verishop',
    'Selling through Verishop will be set up here once the fulfillment module lands.',
  ),
  page(
    '/ecommerce-services/google-shopping',
    'Google Shopping',
    'Listing your products on Google Shopping will be set up here once the fulfillment module lands.',
  ),
  page(
    '/print-on-demand-catalog',
    'Print on demand',
    'Blank products you can print your designs on, made and shipped per order, will be listed here once the storefront module lands.',
  ),
  page(
    '/printful-widget/{-$externalProductId}',
    'Print-on-demand designer',
    'Your design will be placed on a print-on-demand product here once the storefront module lands.',
  ),
  page(
    '/template-item/$templateId',
    'AI suggestion',
    'One suggested AI task with its inputs will open here once the AI module lands.',
  ),
  page(
    '/partners',
    'Partners',
    'Services from partners of the platform will be listed here once the partners directory lands.',
  ),
  page(
    '/product-ideation',
    'Product ideation',
    'Your product ideation projects will open here (the last one, or a new one) once the AI module lands.',
    'product_ideation',
  ),
  page(
    '/product-ideation/$id',
    'Product ideation project',
    "One ideation project's ideas and images will show here once the AI module lands.",
    'product_ideation',
  ),
  page(
    '/business-kits',
    'Brand kits',
    'AI brand kits (idea, mood board, market research, product ideas) will be listed and generated here once the AI module lands.',
    'ai_brand_kit',
  ),
  page(
    '/business-kits/$brandKitId',
    'Brand kit',
    "One brand kit's slides will show and be edited here once the AI module lands.",
    'ai_brand_kit',
  ),
  page(
    '/your-ideations',
    'Your ideations',
    'Every product ideation project you started will be listed here once the AI module lands.',
    'product_ideation',
  ),
  page(
    '/crowdfund-your-idea',
    'Crowdfund your idea',
    'Pre-selling a product idea to fund its first production run will be set up here once the storefront module lands.',
  ),
  page(
    '/email-capture',
    'Email capture',
    'Identifying store visitors by e-mail and capturing your audience will be set up here once the marketing module lands.',
    'email_capture',
  ),
  page(
    '/product-design',
    'Product concepts',
    'AI product concepts from your idea and brand will be generated here once the AI module lands.',
    'product_design',
  ),
  page(
    '/sourcing/product-design',
    'Product design studio',
    'Product designs and tech packs to send to suppliers will be made here once the AI module lands.',
    'product_design',
  ),
  page(
    '/shopify-design',
    'Product design studio',
    'Product designs for the items of your online store will be made here once the AI module lands.',
    'product_design',
  ),
  page(
    '/retail-connect',
    'Retail outreach',
    'Outreach to retailers who may stock your products will be managed here once the marketing module lands.',
  ),
  page(
    '/social-analysis',
    'Social research',
    "Your competitors' content and the user-generated content about your brand will be monitored here once the AI module lands.",
  ),
  page(
    '/social-analysis/all-content',
    'Social research',
    'Competitor posts and user-generated content about your brand will be listed here once the AI module lands.',
  ),
  page(
    '/content-studio',
    'Content studio',
    'Product photos, videos and ads made with AI will be created here once the AI module lands.',
  ),
  page(
    '/content-studio/start',
    'Content studio',
    'Your first content project will be started here once the AI module lands.',
  ),
  page(
    '/content-studio/dashboard/home',
    'Content creation',
    'Your content projects and generated media will be listed here once the AI module lands.',
  ),
  page(
    '/llm/$homebaseOptionKey',
    'AI task',
    'The AI task chosen on the home page will run here once the AI module lands.',
  ),
  page(
    '/ai-agents',
    'AI assistants (beta)',
    'AI assistants that answer over your connected data (sales, fulfillment orders, social media, Google Analytics, Meta Ads, Google Ads, documents) will be set up here once the AI module lands.',
  ),
  page(
    '/ai-agents/data-sources',
    'Brand vault',
    'The data sources and documents the AI assistants answer from will be connected here once the AI module lands.',
  ),
  page(
    '/ecommerce-query-templates',
    'AI suggestions',
    'Ready-made AI tasks for e-commerce basics, photography and video, UGC monitoring, ads and research will be listed here once the AI module lands.',
  ),
  page(
    '/v2/affiliate-marketing',
    'Affiliate marketing',
    'Affiliates, their links and commissions will be managed here once the marketing module lands.',
  ),
  page(
    '/sms-marketing',
    'SMS marketing',
    'SMS campaigns to your subscribers will be managed here once the marketing module lands.',
    'sms_marketing',
  ),
  page(
    '/homebase/rewards',
    'Rewards',
    'Rewards you earn on the platform will be listed here once the billing module lands.',
  ),
  page(
    '/homebase/tiktok-shop',
    'TikTok Shop',
    'Selling through TikTok Shop will be set up here once the fulfillment module lands.',
  ),
  page(
    '/homebase/quiz',
    'Getting started quiz',
    'A short quiz that suggests where to start will be here once the onboarding module lands.',
  ),
  page(
    '/homebase/blueprint',
    'Blueprint',
    'The blueprint subscription and its steps will show here once the billing module lands.',
  ),
];

export const PUBLIC_MODULE_PAGES: readonly ModulePage[] = [
  page(
    '/appsumo',
    'AppSumo',
    'An AppSumo code will be redeemed here once the billing module lands.',
  ),
  page(
    '/ai-storefront',
    'AI storefront',
    'A storefront generated with AI will be shown here once the storefront module lands.',
  ),
  page(
    '/bk/$id',
    'Shared brand kit',
    'A brand kit someone shared with you will show here once the AI module lands.',
  ),
];

/** Spec §2: the playground exists outside production builds only. */
export const PLAYGROUND_PAGE = page(
  '/playground',
  'Playground',
  'A place to try the design-system components during development.',
);

/**
 * Signed-in pages outside the module pages above whose screens are not built yet either: the
 * copilot and the storefront tabs.
 */
const OTHER_UNBUILT_BASES = ['/ask-copilot', '/manage-shop'];

/** A module page's router path (`$id`, `{-$id}`) as a pattern that matches its URLs. */
const patternOf = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) =>
        segment.startsWith('{-$')
          ? '(?:/[^/]+)?'
          : segment.startsWith('$')
            ? '/[^/]+'
            : segment
              ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
              : '',
      )
      .join('')}/?$`,
  );

const UNBUILT_PATTERNS = SIGNED_IN_MODULE_PAGES.map((modulePage) => patternOf(modulePage.path));

/**
 * Whether a signed-in href (path, optional query) opens a page whose module is not built yet,
 * so tiles and navigation entries that lead there can say so (issue 10).
 */
export const isUnbuiltHref = (href: string): boolean => {
  const path = href.split(/[?#]/, 1)[0] ?? '';
  return (
    UNBUILT_PATTERNS.some((pattern) => pattern.test(path)) ||
    OTHER_UNBUILT_BASES.some((base) => path === base || path.startsWith(`${base}/`))
  );
};
