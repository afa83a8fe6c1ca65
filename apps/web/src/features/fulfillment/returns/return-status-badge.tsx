import { Badge } from '@mantine/core';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '@atelier/contract/fulfillment/returns';
import { RETURN_STATUS_COLORS } from './return-format';

type ReturnStatusBadgeProps = { status: ReturnStatus; 'data-testid'?: string };

/** Spec §4: RECEIVED reads "Complete". */
export const ReturnStatusBadge = ({ status, ...props }: ReturnStatusBadgeProps) => (
  <Badge color={RETURN_STATUS_COLORS[status]} variant="light" {...props}>
    {RETURN_STATUS_LABELS[status]}
  </Badge>
);
