import { Box, Button, Card, Flex, Heading, Image, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { type ShipmentPhotoDto } from '@freight/shared';
import { useRef } from 'react';
import { FiCamera } from 'react-icons/fi';
import { formatUsDateTime } from '../../lib/dates';
import { useSubmit } from '../../lib/useSubmit';
import { useShipmentWorkspaceStore } from '../../stores/shipmentWorkspace';

const NO_PHOTOS: ShipmentPhotoDto[] = [];

/** Photos either side shares (the item at pickup, at delivery); live in the room. */
export function ShipmentPhotos({ shipmentId, readOnly }: { shipmentId: string; readOnly: boolean }) {
  const photos = useShipmentWorkspaceStore((s) => s.byId[shipmentId]?.data?.photos) ?? NO_PHOTOS;
  const uploadPhoto = useShipmentWorkspaceStore((s) => s.uploadPhoto);
  const input = useRef<HTMLInputElement>(null);
  const { submit, pending } = useSubmit((file: File) => uploadPhoto(shipmentId, file), {
    successTitle: 'Photo uploaded successfully',
    failure: { fallback: 'Failed to upload photo' },
    resetOnSuccess: true,
  });
  const pick = async (file: File | undefined) => {
    if (!file) return;
    await submit(file);
    if (input.current) input.current.value = '';
  };

  return (
    <Card.Root>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            Photos
          </Heading>
          {!readOnly && (
            <>
              <input
                ref={input}
                type="file"
                accept="image/*"
                capture="environment"
                hidden
                aria-label="Photo file"
                onChange={(e) => void pick(e.currentTarget.files?.[0])}
              />
              <Button size="sm" variant="outline" loading={pending} onClick={() => input.current?.click()}>
                <FiCamera aria-hidden />
                Add Photo
              </Button>
            </>
          )}
        </Flex>
      </Card.Header>
      <Card.Body pt="0">
        {photos.length === 0 ? (
          <Text color="gray.600" fontSize="sm">
            No photos yet. A photo at pickup and at delivery helps both of you.
          </Text>
        ) : (
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" data-testid="shipment-photos">
            {photos.map((p) => (
              <Box key={p.id}>
                <Link href={p.photoUrl} target="_blank" rel="noopener noreferrer" display="block">
                  <Image
                    src={p.photoUrl}
                    alt={p.description ?? `Photo by ${p.userName}`}
                    objectFit="cover"
                    height="120px"
                    width="100%"
                    borderRadius="md"
                    bg="gray.100"
                  />
                </Link>
                <Text fontSize="xs" color="gray.600" mt="1">
                  {p.userName} · {formatUsDateTime(p.createdAt)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}
