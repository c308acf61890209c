import { Card, Center, Container, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { FACILITY_SCORECARD_MIN_VISITS, durationText } from '@freight/shared';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { formatNumber } from '../../lib/formatters';
import { useFacilityStore } from '../../stores/facilities';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="0" data-testid={testId}>
      <Text fontSize="xs" color="gray.600">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * /facilities/:key (issue 41): how long trucks stay at a facility and how often past the free time, over the last 90
 * days, from the stop clock's departures; no figure below 5 visits. Reached from a load's page by those who read its
 * stops' details (they know the facility).
 */
export function FacilityPage() {
  const { key = '' } = useParams();
  const entry = useFacilityStore((s) => s.byId[key]);
  const load = useFacilityStore((s) => s.load);
  useEffect(() => {
    void load(key);
  }, [key, load]);

  if (entry?.status === 'failed') {
    return (
      <Container maxW="4xl" py="12">
        <Heading as="h1" size="xl" data-testid="facility-not-found">
          Facility not found
        </Heading>
        <Text color="gray.600" mt="2">
          No truck has been timed at this facility yet.
        </Text>
      </Container>
    );
  }
  const f = entry?.data;
  if (!f) {
    return (
      <Center py="16">
        <Spinner size="lg" role="status" aria-label="Loading the facility" />
      </Center>
    );
  }
  const card = f.scorecard;
  return (
    <Container maxW="4xl" py="8">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl" wordBreak="break-word" data-testid="facility-name">
            {f.facilityName ?? 'Facility'}
          </Heading>
          <Text color="gray.600">Time trucks spent here over the last {card.windowDays} days</Text>
        </Stack>
        <Card.Root as="section" aria-label="Dwell scorecard" data-testid="facility-scorecard">
          <Card.Body gap="4">
            {card.enough ? (
              <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
                <Figure label="Median dwell" testId="facility-median">
                  {durationText(card.medianDwellMinutes)}
                </Figure>
                <Figure label="90th percentile" testId="facility-p90">
                  {durationText(card.p90DwellMinutes)}
                </Figure>
                <Figure label="Stops with detention" testId="facility-detention">
                  {card.detentionPercent} %
                </Figure>
                <Figure label="Visits" testId="facility-visits">
                  {formatNumber(card.visits)}
                </Figure>
              </SimpleGrid>
            ) : (
              <Text data-testid="facility-too-few">
                {card.line}. Figures show from {FACILITY_SCORECARD_MIN_VISITS} visits.
              </Text>
            )}
            <Text fontSize="sm" color="gray.600">
              Dwell is the time from a truck's arrival to its departure, from the geofence or the driver's
              check-in. Detention counts the visits held past their load's free time.
            </Text>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
