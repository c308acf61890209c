import { Badge, IconButton, type IconButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface CountBadgeButtonProps extends Omit<IconButtonProps, 'aria-label' | 'children'> {
  icon: ReactNode;
  /** The accessible name; with unread items it reads '<label>, <count> unread' (the badge's number is in it). */
  label: string;
  count: number;
  badgeColor: string;
  badgeTestId: string;
}

/** A small ghost icon button with a round unread-count badge (shown when count > 0, capped at 99+). */
export function CountBadgeButton({
  icon,
  label,
  count,
  badgeColor,
  badgeTestId,
  ...buttonProps
}: CountBadgeButtonProps) {
  return (
    <IconButton
      aria-label={count > 0 ? `${label}, ${count > 99 ? '99+' : count} unread` : label}
      variant="ghost"
      size="sm"
      position="relative"
      overflow="visible"
      {...buttonProps}
    >
      {icon}
      {count > 0 && (
        <Badge
          data-testid={badgeTestId}
          position="absolute"
          top="-1"
          right="-1"
          colorPalette={badgeColor}
          variant="solid"
          borderRadius="full"
          fontSize="2xs"
          minW="5"
          justifyContent="center"
          pointerEvents="none"
        >
          {count > 99 ? '99+' : count}
        </Badge>
      )}
    </IconButton>
  );
}
