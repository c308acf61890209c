import { CodeChecklist, SecretShownOnce } from './parts';
import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  Container,
  Field,
  Heading,
  HStack,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  type Page,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEndpointWithSecretDto,
  type WebhookEvent,
} from '@freight/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiRequest, errorMessage, logFailure } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { useSessionStore } from '../../stores/session';
import { OnlyManagers } from './parts';

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState<Page<WebhookDeliveryDto> | null>(null);
  const reload = useCallback(() => {
    apiRequest<Page<WebhookDeliveryDto>>('GET', `/api/webhooks/${endpointId}/deliveries?pageSize=20`).then(
      setPage,
      (err: unknown) => logFailure('loading webhook deliveries', err),
    );
  }, [endpointId]);
  useEffect(reload, [reload]);
  const replay = useSubmit((id: string) => apiRequest('POST', `/api/webhook-deliveries/${id}/replay`), {
    successTitle: 'Delivery sent again',
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: reload,
  });
  if (!page) return null;
  if (page.items.length === 0) return <Text fontSize="xs">No deliveries yet.</Text>;
  return (
    <Stack gap="2" fontSize="xs" data-testid="delivery-log">
      {page.items.map((d) => {
        const last = d.attempts.at(-1);
        return (
          <HStack key={d.id} justify="space-between" flexWrap="wrap" borderTopWidth="1px" pt="2">
            <Box>
              <Code fontSize="xs">{d.event}</Code>{' '}
              <Badge
                colorPalette={d.status === 'delivered' ? 'green' : d.status === 'failed' ? 'red' : 'yellow'}
              >
                {d.status}
              </Badge>{' '}
              {new Date(d.createdAt).toLocaleString()}
              {last && (
                <Text color="fg.muted">
                  {d.attempts.length} attempt{d.attempts.length === 1 ? '' : 's'}; last:{' '}
                  {last.status ?? 'no answer'} in {last.durationMs} ms{' '}
                  {last.excerpt ? `· ${last.excerpt.slice(0, 120)}` : ''}
                </Text>
              )}
            </Box>
            <Button size="xs" variant="outline" onClick={() => void replay.submit(d.id)}>
              Replay
            </Button>
          </HStack>
        );
      })}
    </Stack>
  );
}

/** /developers/webhooks (issue 30): endpoints, the secret shown once, the delivery log with replay. */
export function WebhooksPage() {
  const [endpoints, setEndpoints] = useState<WebhookEndpointDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['load.posted', 'booking.requested', 'tracking.stop']);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const reload = useCallback(() => {
    apiRequest<WebhookEndpointDto[]>('GET', '/api/webhooks').then(setEndpoints, (err: unknown) => {
      logFailure('loading webhooks', err);
      setLoadError(errorMessage(err, 'Your webhook endpoints could not be loaded.'));
    });
  }, []);
  const manages = useSessionStore((s) => s.user?.viewerActions.manageIntegrations === true);
  useEffect(() => {
    if (manages) reload();
  }, [manages, reload]);

  const shown = (r: WebhookEndpointWithSecretDto) => {
    setSecret(r.secret);
    reload();
  };
  const create = useSubmit(
    () => apiRequest<WebhookEndpointWithSecretDto>('POST', '/api/webhooks', { url, events }),
    {
      successTitle: 'Endpoint registered',
      failureTitle: 'Could not register the endpoint',
      failure: 'refusal',
      resetOnSuccess: true,
      onSuccess: (r) => {
        setUrl('');
        shown(r);
      },
    },
  );
  const rotate = useSubmit(
    (id: string) => apiRequest<WebhookEndpointWithSecretDto>('POST', `/api/webhooks/${id}/rotate-secret`),
    { successTitle: 'Secret rotated', failure: 'refusal', resetOnSuccess: true, onSuccess: shown },
  );
  const setEnabled = useSubmit(
    (id: string, enabled: boolean) => apiRequest('PATCH', `/api/webhooks/${id}`, { enabled }),
    { successTitle: 'Endpoint updated', failure: 'refusal', resetOnSuccess: true, onSuccess: reload },
  );
  const remove = useSubmit((id: string) => apiRequest('DELETE', `/api/webhooks/${id}`), {
    successTitle: 'Endpoint removed',
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: reload,
  });

  const toggle = (e: WebhookEvent, on: boolean) =>
    setEvents((cur) => (on ? [...new Set([...cur, e])] : cur.filter((x) => x !== e)));

  if (!manages) return <OnlyManagers title="Webhooks" />;

  return (
    <Container maxW="3xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Webhooks
          </Heading>
          <Text color="fg.muted">
            Your endpoints receive signed events.{' '}
            <RouterLink to="/developers#webhooks">How to verify them</RouterLink>
          </Text>
        </Box>
        <Card.Root>
          <Card.Body>
            <Stack
              as="form"
              gap="3"
              onSubmit={(e) => {
                e.preventDefault();
                void create.submit();
              }}
            >
              <Field.Root required>
                <Field.Label>Endpoint URL</Field.Label>
                <Input
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder="https://tms.example.com/hooks"
                />
              </Field.Root>
              <CodeChecklist
                codes={WEBHOOK_EVENTS}
                labels={WEBHOOK_EVENT_LABELS}
                chosen={events}
                onToggle={toggle}
              />
              <Button
                type="submit"
                loading={create.pending}
                disabled={!url.trim() || events.length === 0}
                alignSelf="start"
              >
                Register endpoint
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
        {secret && (
          <SecretShownOnce
            title="Signing secret: copy it now, it is not shown again."
            secret={secret}
            testId="webhook-secret"
            onDone={() => setSecret(null)}
          />
        )}
        {loadError && <Text color="fg.error">{loadError}</Text>}
        {endpoints?.length === 0 && <Text color="fg.muted">No endpoints yet.</Text>}
        {endpoints?.map((ep) => (
          <Card.Root key={ep.id}>
            <Card.Body>
              <Stack gap="2">
                <Text fontWeight="semibold" wordBreak="break-all">
                  {ep.url}{' '}
                  <Badge colorPalette={ep.status === 'active' ? 'green' : 'red'}>
                    {ep.status === 'active' ? 'Active' : 'Disabled'}
                  </Badge>
                </Text>
                {ep.disabledReason && <Text fontSize="xs">{ep.disabledReason}</Text>}
                {ep.failingSince && (
                  <Text fontSize="xs" color="fg.error">
                    Failing since {new Date(ep.failingSince).toLocaleString()}
                  </Text>
                )}
                <Text fontSize="xs">{ep.events.join(', ')}</Text>
                <HStack flexWrap="wrap">
                  <Button size="xs" variant="outline" onClick={() => setOpen(open === ep.id ? null : ep.id)}>
                    {open === ep.id ? 'Hide deliveries' : 'Deliveries'}
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => void rotate.submit(ep.id)}>
                    Rotate secret
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => void setEnabled.submit(ep.id, ep.status !== 'active')}
                  >
                    {ep.status === 'active' ? 'Disable' : 'Enable'}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => void remove.submit(ep.id)}
                  >
                    Remove
                  </Button>
                </HStack>
                {open === ep.id && <DeliveryLog endpointId={ep.id} />}
              </Stack>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </Container>
  );
}
