import { Badge } from '@mantine/core';
import {
  RECEIVING_STATUS_LABELS,
  type ReceivingStatus,
} from '@atelier/contract/fulfillment/receiving';
import { RECEIVING_STATUS_COLORS } from './receiving-format';

type ReceivingStatusBadgeProps = { status: ReceivingStatus; 'data-testid'?: string };

export const ReceivingStatusBadge = ({ status, ...props }: ReceivingStatusBadgeProps) => (
  <Badge color={RECEIVING_STATUS_COLORS[status]} variant="light" {...props}>
    {RECEIVING_STATUS_LABELS[status]}
  </Badge>
);
