import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

/** For a payment: at checkout and on a pay link. */
export const TEST_PAYMENTS_TEXT =
  "Payments are simulated by Atelier's local test provider: use a test card. Any expiry date in the future and any three digits as the CVC work; no money moves.";

/** For a card saved to pay the plan, seats and bundles later. */
export const TEST_SAVED_CARDS_TEXT =
  "Cards are simulated by Atelier's local test provider: use a test card. Any expiry date in the future and any three digits as the CVC work; nothing is charged.";

/** One of the local provider's test cards (spec §7 payment config): its number and what it does. */
export type TestCard = { number: string; label: string };

type TestCardListProps = { testCards: readonly TestCard[]; onUse: (number: string) => void };

const TestCardList = ({ testCards, onUse }: TestCardListProps) => (
  <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Test cards">
    {testCards.map((card) => (
      <Group
        component="li"
        key={card.number}
        justify="space-between"
        wrap="nowrap"
        gap="sm"
        align="center"
      >
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Code style={{ whiteSpace: 'nowrap' }}>{card.number}</Code>
          <Text size="sm">{card.label}</Text>
        </Group>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => onUse(card.number)}
          aria-label={`Use test card ${card.number}`}
          style={{ flexShrink: 0 }}
        >
          Use
        </Button>
      </Group>
    ))}
  </Stack>
);

type TestProviderNoticeProps = {
  /** What the test provider does here (`TEST_PAYMENTS_TEXT`, `TEST_SAVED_CARDS_TEXT`). */
  text?: string;
  /** The test cards, each with a "Use" that fills the card form (`fillTestCard`). */
  testCards?: { cards: readonly TestCard[]; onUse: (number: string) => void };
};

/** The local provider's notice on a card form, with its test cards when the form offers them. */
export const TestProviderNotice = ({
  text = TEST_PAYMENTS_TEXT,
  testCards,
}: TestProviderNoticeProps) => (
  <Alert
    color="blue"
    variant="light"
    icon={<IconShieldCheck size={18} />}
    title="Test payments"
    role="note"
    data-testid="test-provider-notice"
  >
    {testCards ? (
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
        <TestCardList testCards={testCards.cards} onUse={testCards.onUse} />
      </Stack>
    ) : (
      text
    )}
  </Alert>
);
