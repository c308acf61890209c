import { Badge, Box, Card, DataList, HStack, Heading, Image, Stack } from '@chakra-ui/react';
import { DELIVERY_EXCEPTION_LABELS, type DeliveryProofDto } from '@freight/shared';
import { formatUsDateTime } from '../../lib/dates';

/**
 * The receipt a delivery was marked with (issue 39, item 3), for everyone on the load: who received it, when they
 * signed, the exception they noted and their signature. It appears live: a delivery's status push reads the load again.
 */
export function DeliveryReceiptCard({ proof }: { proof: DeliveryProofDto }) {
  const clean = proof.exception === 'none';
  return (
    <Card.Root data-testid="delivery-receipt">
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md">
            Signed proof of delivery
          </Heading>
          <Badge colorPalette={clean ? 'green' : 'orange'}>
            {clean ? 'No exceptions' : 'Exception noted'}
          </Badge>
        </HStack>
        <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'center' }}>
          <DataList.Root orientation="horizontal" size="sm" flex="1">
            <DataList.Item>
              <DataList.ItemLabel>Received by</DataList.ItemLabel>
              <DataList.ItemValue data-testid="delivery-receiver">{proof.receiverName}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Signed</DataList.ItemLabel>
              <DataList.ItemValue>{formatUsDateTime(proof.signedAt)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Exceptions</DataList.ItemLabel>
              <DataList.ItemValue data-testid="delivery-exception">
                {clean ? 'None' : DELIVERY_EXCEPTION_LABELS[proof.exception]}
                {proof.exceptionNote ? `: ${proof.exceptionNote}` : ''}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Box borderWidth="1px" borderRadius="md" bg="white" p="2" maxW="xs">
            <Image
              src={proof.signatureUrl}
              alt={`Signature of ${proof.receiverName}`}
              maxH="24"
              w="full"
              objectFit="contain"
              data-testid="delivery-signature"
            />
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
