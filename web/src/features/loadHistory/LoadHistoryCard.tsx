import { Button, Card, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { formatUsDateTime } from '../../lib/dates';
import { useLoadHistoryStore } from '../../stores/loadHistory';

/**
 * A load's history (issue 26): every fact of the load in order, who did it and when, for its participants; new facts
 * arrive live (`load:history`, room `freight:<id>`).
 */
export function LoadHistoryCard({ freightId }: { freightId: string }) {
  const entry = useLoadHistoryStore((s) => s.byId[freightId]);
  const load = useLoadHistoryStore((s) => s.load);
  const more = useLoadHistoryStore((s) => s.more);
  useEffect(() => {
    void load(freightId);
  }, [freightId, load]);
  const history = entry?.data;
  return (
    <Card.Root size="sm" as="section" aria-labelledby={`history-${freightId}`} data-testid="load-history">
      <Card.Header>
        <Heading as="h2" size="sm" id={`history-${freightId}`}>
          History
        </Heading>
      </Card.Header>
      <Card.Body>
        {!history && entry?.status === 'failed' && (
          <Text color="red.600" fontSize="sm">
            The history could not be loaded.
          </Text>
        )}
        {!history && entry?.status !== 'failed' && (
          <Spinner size="sm" role="status" aria-label="Loading the history" />
        )}
        {history && history.entries.length === 0 && (
          <Text color="gray.600" fontSize="sm">
            Nothing has happened on this load yet.
          </Text>
        )}
        {history && history.entries.length > 0 && (
          <Stack as="ol" gap="2" listStyleType="none" ms="0">
            {history.entries.map((e) => (
              <Stack
                as="li"
                key={e.id}
                direction={{ base: 'column', md: 'row' }}
                align={{ base: 'start', md: 'baseline' }}
                gap={{ base: '0', md: '3' }}
                data-testid="load-history-entry"
              >
                <Text fontSize="xs" color="gray.600" minW="9rem" flexShrink={0}>
                  {formatUsDateTime(e.at)}
                </Text>
                <Text fontSize="sm">
                  {e.text}
                  {e.by && (
                    <Text as="span" color="gray.600">
                      {' '}
                      by {e.by}
                    </Text>
                  )}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
        {history?.next != null && (
          <Button size="xs" variant="outline" mt="3" onClick={() => void more(freightId)}>
            Show more
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}
