import type { AccountType, UsageStyle } from '@atelier/contract/identity/account';

type Option<T> = { value: T; label: string; description: string };

/** Spec §6 onboarding questions: what kind of business, and how the user likes to work. */
export const ACCOUNT_TYPE_OPTIONS: readonly Option<AccountType>[] = [
  {
    value: 'CREATOR',
    label: 'Creator',
    description: 'I have an audience and want to launch products for it.',
  },
  {
    value: 'SMB',
    label: 'Small business',
    description: 'I run a business and want to make, store or sell more products.',
  },
  { value: 'UNDECIDED', label: 'Not sure yet', description: "I'm exploring what to build." },
];

export const USAGE_STYLE_OPTIONS: readonly Option<UsageStyle>[] = [
  {
    value: 'WITH_AI_ASSISTANTS',
    label: 'With AI assistants',
    description: 'Let AI assistants draft, research and suggest; I review and decide.',
  },
  {
    value: 'USE_THE_TOOLS_MYSELF',
    label: 'I use the tools myself',
    description: 'Give me the tools; I prefer to do the work by hand.',
  },
];

export const ACCOUNT_TYPE_LABELS = Object.fromEntries(
  ACCOUNT_TYPE_OPTIONS.map((option) => [option.value, option.label]),
) as Record<AccountType, string>;

export const USAGE_STYLE_LABELS = Object.fromEntries(
  USAGE_STYLE_OPTIONS.map((option) => [option.value, option.label]),
) as Record<UsageStyle, string>;
