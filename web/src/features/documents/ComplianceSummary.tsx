import {
  Badge,
  Button,
  Card,
  Center,
  HStack,
  Heading,
  Progress,
  SimpleGrid,
  Spinner,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import {
  AUTHORITY_NUMBER_LABELS,
  compliancePercent,
  complianceWarningText,
  type VerificationStatusDto,
} from '@freight/shared';
import { useState } from 'react';
import { useSessionStore } from '../../stores/session';
import { AuthorityNumbersDialog } from '../dashboard/AuthorityNumbersDialog';
import { FiAlertTriangle } from 'react-icons/fi';

interface ComplianceSummaryProps {
  verification: VerificationStatusDto | null;
  loading: boolean;
}

/**
 * SPEC §2: percent-complete badge, progress bar (max 100), the unverified warning and the three counters. A type that
 * needs no documents gets a line saying so instead of the progress and the warning.
 */
export function ComplianceSummary({ verification, loading }: ComplianceSummaryProps) {
  const user = useSessionStore((s) => s.user);
  const userType = user?.userType;
  const [editingNumbers, setEditingNumbers] = useState(false);
  const percent = verification ? compliancePercent(verification) : 0;
  const needsDocuments = (verification?.requiredDocuments.length ?? 0) > 0;
  return (
    <Card.Root data-testid="compliance-status">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            Compliance Status
          </Heading>
          {verification && needsDocuments && (
            <Badge
              colorPalette={percent === 100 ? 'green' : 'yellow'}
              size="lg"
              data-testid="compliance-percent"
            >
              {percent}% Complete
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {!verification ? (
          loading ? (
            // About the height of the bar and the three counters, so the cards below stay put (issue 24).
            <Center minH="24">
              <Spinner size="sm" role="status" aria-label="Loading compliance status" />
            </Center>
          ) : (
            <Text color="gray.600">Compliance status is not available right now.</Text>
          )
        ) : (
          <Stack gap="4">
            {needsDocuments ? (
              <Progress.Root value={percent} max={100} colorPalette={percent === 100 ? 'green' : 'blue'}>
                <Progress.Track aria-label="Compliance progress">
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : (
              <Text color="gray.600">Your account type needs no compliance documents.</Text>
            )}
            {needsDocuments && !verification.isVerified && (
              <HStack color="orange.700" bg="orange.50" borderRadius="md" px="3" py="2" gap="2">
                <FiAlertTriangle aria-hidden />
                <Text fontSize="sm" data-testid="compliance-warning">
                  {complianceWarningText(userType)}
                </Text>
              </HStack>
            )}
            {verification.missingNumbers.length > 0 && (
              // Issue 39: a carrier's USDOT or a broker's MC completes verification with the documents.
              <HStack
                color="orange.700"
                bg="orange.50"
                borderRadius="md"
                px="3"
                py="2"
                gap="3"
                justify="space-between"
                wrap="wrap"
                data-testid="compliance-missing-numbers"
              >
                <Text fontSize="sm">
                  Add your {verification.missingNumbers.map((n) => AUTHORITY_NUMBER_LABELS[n]).join(' and ')}{' '}
                  number: verification completes once it is given and your documents are approved.
                </Text>
                {user?.viewerActions.setAuthority && (
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="orange"
                    onClick={() => setEditingNumbers(true)}
                  >
                    Add {verification.missingNumbers.map((n) => AUTHORITY_NUMBER_LABELS[n]).join(' and ')}{' '}
                    number
                  </Button>
                )}
              </HStack>
            )}
            {editingNumbers && user && (
              <AuthorityNumbersDialog user={user} open onClose={() => setEditingNumbers(false)} />
            )}
            <SimpleGrid columns={3} gap="4">
              <Counter label="Required" value={verification.requiredDocuments.length} />
              <Counter label="Submitted" value={verification.submittedDocuments.length} />
              <Counter label="Approved" value={verification.approvedDocuments.length} />
            </SimpleGrid>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Stat.Root data-testid={`compliance-${label.toLowerCase()}`}>
      {/* A <dl> needs its <dt> first; the number still shows above its label. */}
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText order={-1}>{value}</Stat.ValueText>
    </Stat.Root>
  );
}
