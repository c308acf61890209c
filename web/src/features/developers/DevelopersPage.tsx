import { Box, Code, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiReference } from './ApiReference';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Box as="section" id={id}>
      <Heading size="lg" mb="2">
        {title}
      </Heading>
      <Stack gap="2" fontSize="sm">
        {children}
      </Stack>
    </Box>
  );
}

const Pre = ({ children }: { children: string }) => (
  <Box as="pre" bg="bg.muted" p="3" borderRadius="md" overflowX="auto" fontSize="xs">
    {children}
  </Box>
);

/** /developers (issue 30): the getting-started guide and the API reference, for integrators. */
export function DevelopersPage() {
  return (
    <Container maxW="4xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="8">
        <Box>
          <Heading as="h1" size="2xl">
            Developers
          </Heading>
          <Text color="fg.muted">
            Post loads, answer bookings, read your invoices and receive signed webhooks from your own
            transport management system.
          </Text>
          <HStack gap="4" mt="3" flexWrap="wrap">
            <Link asChild colorPalette="blue">
              <RouterLink to="/developers/keys">API keys</RouterLink>
            </Link>
            <Link asChild colorPalette="blue">
              <RouterLink to="/developers/webhooks">Webhooks</RouterLink>
            </Link>
            <Link href="#reference" colorPalette="blue">
              Reference
            </Link>
          </HStack>
        </Box>
        <Section id="auth" title="1. Authenticate">
          <Text>
            An owner or admin of your company makes a key on the API keys page and chooses its scopes. The key
            is shown once; keep it secret. Send it on every call:
          </Text>
          <Pre>{`curl https://your-host/api/v1/loads \\\n  -H "Authorization: Bearer fmk_…"`}</Pre>
          <Text>
            A key acts as your company within its scopes: a missing scope is 403, a revoked key 401 at once,
            another company&apos;s load 404. Each key may make a number of calls a minute; the{' '}
            <Code>RateLimit</Code> and <Code>RateLimit-Policy</Code> headers say how many are left, and a 429
            says when to retry in <Code>Retry-After</Code>.
          </Text>
        </Section>
        <Section id="idempotency" title="2. Post a load, safely retried">
          <Text>
            Send an <Code>Idempotency-Key</Code> (any unique string, such as your order number or a UUID) with
            every POST. The same request again within 24 hours gets the first answer (with{' '}
            <Code>Idempotent-Replayed: true</Code>) and changes nothing; the same key with a different body is
            422.
          </Text>
          <Pre>{`curl -X POST https://your-host/api/v1/loads \\\n  -H "Authorization: Bearer fmk_…" -H "Idempotency-Key: order-1001" \\\n  -H "Content-Type: application/json" \\\n  -d '{"originCity":"Chicago","originState":"IL","destinationCity":"Dallas","destinationState":"TX","rate":2000}'`}</Pre>
        </Section>
        <Section id="pagination" title="3. Lists and pagination">
          <Text>
            Lists answer <Code>{'{ "data": [...], "nextCursor": "…" }'}</Code>. Pass{' '}
            <Code>cursor=nextCursor</Code> (and <Code>limit</Code>, up to 100) for the next page;{' '}
            <Code>nextCursor: null</Code> is the last page.
          </Text>
          <Text>
            A load&apos;s trail, stops and history are under <Code>/loads/{'{id}'}/positions</Code>,{' '}
            <Code>/stops</Code> and <Code>/history</Code> (scope <Code>tracking:read</Code>); its rate
            confirmation and proof of delivery PDFs under <Code>/loads/{'{id}'}/documents/…</Code> (scope{' '}
            <Code>documents:read</Code>).
          </Text>
          <Text>
            Your invoices are listed at <Code>/invoices?side=sent</Code> (the ones your company issued) or{' '}
            <Code>side=received</Code> (the ones billed to it), each read at <Code>/invoices/{'{id}'}</Code>{' '}
            and downloaded at <Code>/invoices/{'{id}'}/invoice.pdf</Code> (scope <Code>invoices:read</Code>).
            Amounts are integer cents in the invoice&apos;s <Code>currency</Code>. A key acts with its
            maker&apos;s role: a dispatcher&apos;s key sees the status without amounts (
            <Code>amountsHidden</Code>) and no PDF.
          </Text>
        </Section>
        <Section id="errors" title="4. Errors">
          <Text>
            Every error is <Code>{'{ "error": { "code", "message", "details"? } }'}</Code> with a 4xx status:
            VALIDATION_ERROR (400, details name the fields), UNAUTHORIZED (401), FORBIDDEN (403), NOT_FOUND
            (404), CONFLICT (409: read again and retry), IDEMPOTENCY_KEY_REUSED (422), TOO_MANY_REQUESTS
            (429).
          </Text>
        </Section>
        <Section id="webhooks" title="5. Webhooks">
          <Text>
            Register an https:// endpoint and the events you want on the Webhooks page (or with{' '}
            <Code>POST /api/v1/webhooks</Code>). Each delivery is signed per Standard Webhooks: verify it with
            the <Code>standardwebhooks</Code> library and the endpoint&apos;s <Code>whsec_</Code> secret, and
            de-duplicate by <Code>webhook-id</Code>.
          </Text>
          <Pre>{`import { Webhook } from 'standardwebhooks';\nconst payload = new Webhook(process.env.WHSEC).verify(rawBody, request.headers);`}</Pre>
          <Text>
            Answer 2xx within 10 seconds. Anything else is retried with exponential backoff for 24 hours, in
            order per load; an endpoint that fails for a whole day is disabled and you are told. When you
            rotate the secret, both secrets sign for 24 hours. Stop and status events carry their X12 214 code
            (<Code>x12</Code>): X3 arrived at pickup, AF departed pickup, X1 arrived at delivery, D1
            delivered.
          </Text>
          <Text>
            Invoice events (<Code>invoice.submitted</Code> through <Code>invoice.paid</Code>, quick pay
            requests, <Code>invoice.overdue</Code> and <Code>invoice.quick_pay_missed</Code>) go to both the
            carrier that sent the invoice and the company billed, with the invoice as it stands after the
            move, amounts included. Rating events (<Code>rating.given</Code>, <Code>rating.changed</Code>) go
            to both companies of the load. Both arrive in order with the load&apos;s other events.
          </Text>
        </Section>
        <Section id="reference" title="Reference">
          <ApiReference />
        </Section>
      </Stack>
    </Container>
  );
}
