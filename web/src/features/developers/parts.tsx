import { Button, Card, Checkbox, Code, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** A list of codes to tick (an API key's scopes, a webhook's events), each with its label. */
export function CodeChecklist<T extends string>({
  codes,
  labels,
  chosen,
  onToggle,
}: {
  codes: readonly T[];
  labels: Record<T, string>;
  chosen: readonly T[];
  onToggle: (code: T, on: boolean) => void;
}) {
  return codes.map((code) => (
    <Checkbox.Root
      key={code}
      checked={chosen.includes(code)}
      onCheckedChange={(d) => onToggle(code, Boolean(d.checked))}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        <Code fontSize="xs">{code}</Code> {labels[code]}
      </Checkbox.Label>
    </Checkbox.Root>
  ));
}

/** A secret the server shows once (a new API key, a webhook's signing secret): copy it, then Done hides it. */
export function SecretShownOnce({
  title,
  secret,
  testId,
  onDone,
  cardTestId,
}: {
  title: string;
  secret: string;
  testId: string;
  onDone: () => void;
  cardTestId?: string;
}) {
  return (
    <Card.Root borderColor="green.500" data-testid={cardTestId}>
      <Card.Body>
        <Text fontWeight="semibold">{title}</Text>
        <HStack mt="2" flexWrap="wrap">
          <Code data-testid={testId} wordBreak="break-all" p="2">
            {secret}
          </Code>
          <Button size="sm" onClick={() => void navigator.clipboard?.writeText(secret)}>
            Copy
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** A Developers screen for a member who does not manage the company's keys and webhooks: who does, and the guide. */
export function OnlyManagers({ title }: { title: string }) {
  return (
    <Container maxW="3xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="3">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text>Your company&apos;s owner or an admin manages its API keys and webhooks.</Text>
        <RouterLink to="/developers">Read the API guide</RouterLink>
      </Stack>
    </Container>
  );
}
