import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { TruckPostDto } from '@freight/shared';
import type { ReactNode } from 'react';
import { datesOf, equipmentName, placeOf, specsOf, wantsOf } from './format';

const STATUS_COLORS = { active: 'green', withdrawn: 'gray', expired: 'orange' } as const;
const STATUS_LABELS = { active: 'Active', withdrawn: 'Withdrawn', expired: 'Expired' } as const;

/** One posted truck: where and when it is empty, what it takes, where it wants to go; `actions` below. */
export function TruckPostCard({
  post,
  actions,
  showCarrier,
}: {
  post: TruckPostDto;
  actions?: ReactNode;
  showCarrier?: boolean;
}) {
  return (
    <Card.Root size="sm" data-testid="truck-post" data-post-id={post.id}>
      <Card.Body>
        <Stack gap="1">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontWeight="semibold">
              {equipmentName(post.equipmentType)} in {placeOf(post)}
              {post.distanceMiles !== undefined && (
                <Text as="span" fontWeight="normal" color="gray.600">
                  {' '}
                  · {post.distanceMiles} mi away
                </Text>
              )}
            </Text>
            <Badge colorPalette={STATUS_COLORS[post.status]}>{STATUS_LABELS[post.status]}</Badge>
          </HStack>
          <Text fontSize="sm">
            Available {datesOf(post)} · {wantsOf(post)} · picks up within {post.pickupRadius} mi
          </Text>
          {specsOf(post) && (
            <Text fontSize="sm" color="gray.600">
              {specsOf(post)}
            </Text>
          )}
          {showCarrier && (
            <Text fontSize="sm" color="gray.600">
              {post.carrierName ?? 'Carrier'}
              {post.carrierMcNumber ? ` · MC ${post.carrierMcNumber}` : ''}
            </Text>
          )}
          {post.comments && (
            <Text fontSize="sm" color="gray.700">
              {post.comments}
            </Text>
          )}
          {actions && (
            <HStack gap="2" pt="1" wrap="wrap">
              {actions}
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
