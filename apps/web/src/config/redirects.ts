type FixedRedirect = {
  to: string;
  /** Query parameters to set on the target (e.g. the app name of a partner bind). */
  tag?: Record<string, string>;
  /** Drop the incoming query string instead of carrying it over. */
  shouldDropQuery?: boolean;
  /** The section of the target to land on (its element's id, without `#`). */
  hash?: string;
};

/** Spec §2 redirects from one fixed path to another. */
const FIXED_REDIRECTS: Readonly<Record<string, FixedRedirect>> = {
  '/workboard': { to: '/inbox/messages' },
  '/supplier-chat': { to: '/inbox/messages' },
  '/setup-business': { to: '/fulfillment-services' },
  '/browse-under-500': { to: '/home' },
  '/store-profile': { to: '/manage-shop' },
  // Account info keeps billing among other sections: the alias lands on its billing section.
  '/billing-and-reporting': { to: '/account-info', hash: 'billing' },
  '/audience-capture': { to: '/email-capture' },
  '/shopify-bind': { to: '/app-bind' },
  '/invite-bind': { to: '/app-bind' },
  '/appsumo-bind': { to: '/app-bind', tag: { appName: 'appsumo' } },
  '/partners-top-nav': { to: '/partners', shouldDropQuery: true },
  // Spec §2 lists both studios; the main navigation's /shopify-design is the one kept (issue 10).
  '/sourcing/product-design': { to: '/shopify-design' },
};

/** Spec §2 redirects that move a path under a new base and keep the rest of it. */
const SUFFIX_REDIRECTS: readonly { from: string; to: string; suffixes: readonly string[] }[] = [
  {
    from: '/fulfillment-services',
    to: '/ecommerce-services',
    suffixes: ['shopify', 'pietra-shop', 'instagram', 'wholesale', 'verishop', 'google-shopping'],
  },
  {
    from: '/home',
    to: '/homebase',
    suffixes: [
      'subscription-cycle-change',
      'subscription-downgrade',
      'subscription-updated',
      'quiz',
      'blueprint',
    ],
  },
];

const joinQuery = (search: string, tag: Record<string, string> | undefined): string => {
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(tag ?? {})) query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : '';
};

/**
 * Where a legacy or alias path of spec §2 goes, as an href (path, query and the section to land
 * on), or `null` when the path is not redirected. `search` is the raw query string with or
 * without its `?`. The query is carried over except where the spec says otherwise.
 */
export const resolveRedirect = (pathname: string, search = ''): string | null => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

  const fixed = FIXED_REDIRECTS[path];
  if (fixed) {
    const query = fixed.shouldDropQuery ? joinQuery('', fixed.tag) : joinQuery(search, fixed.tag);
    return `${fixed.to}${query}${fixed.hash ? `#${fixed.hash}` : ''}`;
  }

  for (const rule of SUFFIX_REDIRECTS) {
    const rest = path.startsWith(`${rule.from}/`) ? path.slice(rule.from.length + 1) : null;
    const suffix = rest?.split('/')[0];
    if (rest !== null && suffix !== undefined && rule.suffixes.includes(suffix)) {
      return `${rule.to}/${rest}${joinQuery(search, undefined)}`;
    }
  }
  return null;
};
