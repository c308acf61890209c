import { Badge } from '@chakra-ui/react';
import { BACKGROUND_CHECK_STATUS_LABELS, type BackgroundCheckDto } from '@freight/shared';

const COLORS = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

/** Not submitted / Pending review / Approved / Rejected. */
export function BackgroundCheckStatusBadge({ check }: { check: BackgroundCheckDto | null }) {
  return (
    <Badge
      colorPalette={check ? COLORS[check.status] : 'gray'}
      data-testid="background-check-status"
      data-status={check?.status ?? 'none'}
    >
      {check ? BACKGROUND_CHECK_STATUS_LABELS[check.status] : 'Not submitted'}
    </Badge>
  );
}
