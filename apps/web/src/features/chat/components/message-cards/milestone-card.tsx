import { Text } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { CardFrame } from './card-frame';

type Milestone = Extract<MessagePayload, { type: 'CREATOR_MILESTONE' }>['milestone'];

/** Spec §3 sales milestones. */
const MILESTONE_TEXT: Record<Milestone, string> = {
  DEFAULT: 'reached a new milestone',
  FIRST_SALE: 'made its first sale',
  '1K': 'passed $1K in lifetime sales',
  '5K': 'passed $5K in lifetime sales',
  '10K': 'passed $10K in lifetime sales',
  '50K': 'passed $50K in lifetime sales',
  '100K': 'passed $100K in lifetime sales',
  '500K': 'passed $500K in lifetime sales',
  '1M': 'passed $1M in lifetime sales',
  '5M': 'passed $5M in lifetime sales',
};

type MilestoneCardProps = {
  payload: Extract<MessagePayload, { type: 'CREATOR_MILESTONE' }>;
  authorName: string;
};

/** A store's sales milestone, shared with its supplier. */
export const MilestoneCard = ({ payload, authorName }: MilestoneCardProps) => (
  <CardFrame icon={<IconConfetti size={14} aria-hidden />} label="Milestone">
    <Text size="sm" fw={600}>
      {authorName || 'The store'} {MILESTONE_TEXT[payload.milestone]}!
    </Text>
  </CardFrame>
);
