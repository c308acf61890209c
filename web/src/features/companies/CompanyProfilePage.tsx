import {
  Badge,
  Box,
  Card,
  Center,
  Container,
  HStack,
  Heading,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  NEW_ON_PLATFORM_TEXT,
  daysToPayText,
  quickPayRecordText,
  RATING_ASPECTS,
  RATING_ASPECT_LABELS,
  type CompanyProfileDto,
  type RatingSummaryDto,
} from '@freight/shared';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { formatUsDate } from '../../lib/dates';
import { formatNumber } from '../../lib/formatters';
import { useCompanyProfileStore } from '../../stores/ratings';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="0" data-testid={testId}>
      <Text fontSize="xs" color="gray.600">
        {label}
      </Text>
      <Box fontSize="md" fontWeight="medium">
        {children}
      </Box>
    </Stack>
  );
}

/** The ratings: average and count, the 1–5 distribution as bars, and each aspect's average. */
function RatingsCard({ rating }: { rating: RatingSummaryDto }) {
  const widest = Math.max(1, ...rating.distribution);
  return (
    <Card.Root as="section" aria-labelledby="profile-ratings" data-testid="profile-ratings">
      <Card.Header>
        <Heading as="h2" size="md" id="profile-ratings">
          Ratings
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        <Text fontSize="xl" fontWeight="bold" data-testid="profile-rating-average">
          {rating.average != null ? `${rating.average.toFixed(1)} of 5` : NEW_ON_PLATFORM_TEXT}
        </Text>
        <Text fontSize="sm" color="gray.600" data-testid="profile-rating-count">
          {rating.count === 1 ? '1 rating' : `${formatNumber(rating.count)} ratings`}
          {rating.count > 0 && rating.average == null && ' (a figure shows from 3 ratings)'}
        </Text>
        <Stack as="ol" gap="1" listStyleType="none" ms="0" aria-label="Ratings by stars">
          {[5, 4, 3, 2, 1].map((stars) => {
            const count = rating.distribution[stars - 1] ?? 0;
            return (
              <HStack as="li" key={stars} gap="2" data-testid={`profile-stars-${stars}`}>
                <Text fontSize="sm" minW="4.5rem">
                  {stars} star{stars === 1 ? '' : 's'}
                </Text>
                <Box flex="1" maxW="16rem" h="2" bg="gray.100" borderRadius="full" aria-hidden>
                  <Box h="2" bg="orange.400" borderRadius="full" width={`${(count / widest) * 100}%`} />
                </Box>
                <Text fontSize="sm" minW="2rem" textAlign="end">
                  {count}
                </Text>
              </HStack>
            );
          })}
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {RATING_ASPECTS.filter((a) => rating.aspects[a]).map((aspect) => {
            const a = rating.aspects[aspect]!;
            return (
              <Text key={aspect} fontSize="sm" data-testid={`profile-aspect-${aspect}`}>
                {RATING_ASPECT_LABELS[aspect]}:{' '}
                {a.average != null ? `${a.average.toFixed(1)} of 5` : NEW_ON_PLATFORM_TEXT} ({a.count})
              </Text>
            );
          })}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Days-to-pay (issue 40 item 4) from the invoices ledger ("New on FreightConnect" below 3 paid invoices), and the
 * quick pay promises kept and missed (item 3) once any came due.
 */
function DaysToPay({ profile }: { profile: CompanyProfileDto }) {
  return (
    <Fact label="Days to pay" testId="profile-days-to-pay">
      {profile.daysToPay ? daysToPayText(profile.daysToPay) : NEW_ON_PLATFORM_TEXT}
      {profile.quickPayRecord && (
        <Text
          as="span"
          display="block"
          fontSize="sm"
          color={profile.quickPayRecord.missed > 0 ? 'red.700' : 'green.700'}
          data-testid="profile-quick-pay-record"
        >
          {quickPayRecordText(profile.quickPayRecord)}
        </Text>
      )}
    </Fact>
  );
}

/**
 * /companies/:id (issue 40): a company's public profile, for any signed-in user. A rating of the viewer's own company,
 * or one it gives, changes the summary live (`rating:changed` reaches both companies' rooms).
 */
export function CompanyProfilePage() {
  const { id = '' } = useParams();
  const entry = useCompanyProfileStore((s) => s.byId[id]);
  const load = useCompanyProfileStore((s) => s.load);
  useEffect(() => {
    void load(id);
  }, [id, load]);

  if (entry?.status === 'failed') {
    return (
      <Container maxW="4xl" py="12">
        <Heading as="h1" size="xl" data-testid="company-not-found">
          Company not found
        </Heading>
      </Container>
    );
  }
  const p = entry?.data;
  if (!p) {
    return (
      <Center py="16">
        <Spinner size="lg" role="status" aria-label="Loading the company" />
      </Center>
    );
  }
  return (
    <Container maxW="5xl" py="8">
      <Stack gap="6">
        <Stack gap="1">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="2xl" wordBreak="break-word">
              {p.name || 'Unnamed company'}
            </Heading>
            {p.isVerified && <Badge colorPalette="green">Verified</Badge>}
          </HStack>
          <Text color="gray.600">Member since {formatUsDate(p.memberSince)}</Text>
        </Stack>
        <Card.Root as="section" aria-label="Company facts">
          <Card.Body>
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
              <Fact label="MC number">{p.mcNumber ?? 'None'}</Fact>
              <Fact label="USDOT number">{p.usdotNumber ?? 'None'}</Fact>
              <Fact label="Loads moved" testId="profile-loads-moved">
                {formatNumber(p.loadsMoved)}
              </Fact>
              <DaysToPay profile={p} />
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
        <Card.Root as="section" aria-labelledby="profile-documents">
          <Card.Header>
            <Heading as="h2" size="md" id="profile-documents">
              Verified documents
            </Heading>
          </Card.Header>
          <Card.Body>
            {p.verifiedDocuments.length === 0 ? (
              <Text color="gray.600">No approved documents yet.</Text>
            ) : (
              <HStack gap="2" wrap="wrap">
                {p.verifiedDocuments.map((name) => (
                  <Badge key={name} colorPalette="green" variant="subtle">
                    {name}
                  </Badge>
                ))}
              </HStack>
            )}
          </Card.Body>
        </Card.Root>
        <RatingsCard rating={p.rating} />
      </Stack>
    </Container>
  );
}
