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
  API_SCOPES,
  API_SCOPE_LABELS,
  type ApiKeyCreatedDto,
  type ApiKeyDto,
  type ApiScope,
} from '@freight/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiRequest, errorMessage, logFailure } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { useSessionStore } from '../../stores/session';
import { OnlyManagers } from './parts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** /developers/keys (issue 30): make a key with scopes (shown once), list keys by prefix, revoke with confirmation. */
export function ApiKeysPage() {
  const [keys, setKeys] = useState<ApiKeyDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['loads:read', 'loads:write']);
  const [created, setCreated] = useState<ApiKeyCreatedDto | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const reload = useCallback(() => {
    apiRequest<ApiKeyDto[]>('GET', '/api/api-keys').then(setKeys, (err: unknown) => {
      logFailure('loading API keys', err);
      setLoadError(errorMessage(err, 'Your API keys could not be loaded.'));
    });
  }, []);
  const manages = useSessionStore((s) => s.user?.viewerActions.manageIntegrations === true);
  useEffect(() => {
    if (manages) reload();
  }, [manages, reload]);

  const create = useSubmit(() => apiRequest<ApiKeyCreatedDto>('POST', '/api/api-keys', { name, scopes }), {
    successTitle: 'API key created',
    failureTitle: 'Could not create the key',
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: (c) => {
      setCreated(c);
      setName('');
      reload();
    },
  });
  const revoke = useSubmit((id: string) => apiRequest<ApiKeyDto>('DELETE', `/api/api-keys/${id}`), {
    successTitle: 'API key revoked',
    failureTitle: 'Could not revoke the key',
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: () => {
      setConfirming(null);
      reload();
    },
  });

  const toggle = (s: ApiScope, on: boolean) =>
    setScopes((cur) => (on ? [...new Set([...cur, s])] : cur.filter((x) => x !== s)));

  if (!manages) return <OnlyManagers title="API keys" />;

  return (
    <Container maxW="3xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            API keys
          </Heading>
          <Text color="fg.muted">
            Keys act as your company in the public API.{' '}
            <RouterLink to="/developers">Getting started</RouterLink>
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
                <Field.Label>Key name</Field.Label>
                <Input
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  placeholder="Our TMS"
                  maxLength={80}
                />
              </Field.Root>
              <Text fontWeight="semibold" fontSize="sm">
                Scopes
              </Text>
              <CodeChecklist codes={API_SCOPES} labels={API_SCOPE_LABELS} chosen={scopes} onToggle={toggle} />
              <Button
                type="submit"
                loading={create.pending}
                disabled={!name.trim() || scopes.length === 0}
                alignSelf="start"
              >
                Create key
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
        {created && (
          <SecretShownOnce
            title="Copy your key now: it is not shown again."
            secret={created.secret}
            testId="api-key-secret"
            cardTestId="new-api-key"
            onDone={() => setCreated(null)}
          />
        )}
        {loadError && <Text color="fg.error">{loadError}</Text>}
        <Stack gap="3" data-testid="api-key-list">
          {keys?.length === 0 && <Text color="fg.muted">No keys yet.</Text>}
          {keys?.map((k) => (
            <Card.Root key={k.id} opacity={k.revokedAt ? 0.6 : 1}>
              <Card.Body>
                <HStack justify="space-between" flexWrap="wrap" gap="2">
                  <Box>
                    <Text fontWeight="semibold">
                      {k.name} <Code fontSize="xs">{k.prefix}…</Code>{' '}
                      {k.revokedAt && <Badge colorPalette="red">Revoked</Badge>}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      By {k.createdBy.name || 'a member'} on {when(k.createdAt)} · last used{' '}
                      {when(k.lastUsedAt)}
                    </Text>
                    <Text fontSize="xs">{k.scopes.join(', ')}</Text>
                  </Box>
                  {!k.revokedAt &&
                    (confirming === k.id ? (
                      <HStack>
                        <Button
                          size="sm"
                          colorPalette="red"
                          loading={revoke.pending}
                          onClick={() => void revoke.submit(k.id)}
                        >
                          Revoke now
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                          Cancel
                        </Button>
                      </HStack>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setConfirming(k.id)}
                      >
                        Revoke
                      </Button>
                    ))}
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
