import { Badge, Box, Card, Image, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PHOTO_TYPE_LABELS } from '@freight/shared';
import { formatUsDateTime } from '../../lib/dates';
import { useLoadPhotosStore } from '../../stores/loadPhotos';

export function PhotosTab({ freightId }: { freightId: string }) {
  const photos = useLoadPhotosStore((s) => s.byId[freightId]?.data?.photos);
  if (!photos?.length) {
    return (
      <Text color="gray.600" py="4">
        No photos uploaded yet.
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4" data-testid="tracking-photos">
      {photos.map((photo) => (
        <Card.Root key={photo.id} overflow="hidden" size="sm">
          <Link href={photo.photoUrl} target="_blank" rel="noopener noreferrer">
            <Box bg="gray.100" height="180px" width="100%">
              <Image
                src={photo.photoUrl}
                alt={photo.description ?? PHOTO_TYPE_LABELS[photo.photoType]}
                objectFit="cover"
                height="100%"
                width="100%"
              />
            </Box>
          </Link>
          <Card.Body gap="1">
            <Badge alignSelf="flex-start" colorPalette={photo.photoType === 'damage' ? 'red' : 'blue'}>
              {PHOTO_TYPE_LABELS[photo.photoType]}
            </Badge>
            {photo.description && <Text fontSize="sm">{photo.description}</Text>}
            <Stack gap="0" fontSize="xs" color="gray.600">
              <Text>
                {`${photo.user.firstName} ${photo.user.lastName}`.trim()} ·{' '}
                {formatUsDateTime(photo.createdAt)}
              </Text>
              {photo.latitude != null && photo.longitude != null && (
                <Text>
                  {photo.latitude.toFixed(5)}, {photo.longitude.toFixed(5)}
                </Text>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
