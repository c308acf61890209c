import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Container,
  Heading,
  HStack,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  NOTIFICATION_KIND_ORDER,
  NOTIFICATION_KIND_SETTINGS,
  SECURITY_MESSAGES,
  type AlertFrequency,
  type NotificationKind,
  type NotificationPreferencesDto,
} from '@freight/shared';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiRequest, errorMessage, logFailure } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { pushState, turnPushOff, turnPushOn, type PushState } from './pushSubscription';

type Prefs = NotificationPreferencesDto & { pushDevices: number };

/** /account/notifications (issue 27): which news reaches the user by email and by push, kind by kind. */
export function NotificationSettingsPage() {
  const [saved, setSaved] = useState<Prefs | null>(null);
  const [draft, setDraft] = useState<Prefs | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    apiRequest<Prefs>('GET', '/api/notification-preferences').then(
      (p) => {
        if (!live) return;
        setSaved(p);
        setDraft(p);
      },
      (err: unknown) => {
        logFailure('loading notification settings', err);
        if (live) setLoadError(errorMessage(err, 'Your notification settings could not be loaded.'));
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const dirty = Boolean(saved && draft && JSON.stringify(saved) !== JSON.stringify(draft));
  const { submit, pending } = useSubmit(
    () =>
      apiRequest<Prefs>('PUT', '/api/notification-preferences', {
        kinds: draft!.kinds,
        savedSearchFrequency: draft!.savedSearchFrequency,
      }),
    {
      successTitle: 'Notification settings saved',
      failureTitle: 'Could not save your notification settings',
      failure: 'refusal',
      resetOnSuccess: true,
      onSuccess: (p) => {
        setSaved(p);
        setDraft(p);
      },
    },
  );

  const setChoice = (kind: NotificationKind, channel: 'email' | 'push', on: boolean) =>
    setDraft((d) => (d ? { ...d, kinds: { ...d.kinds, [kind]: { ...d.kinds[kind], [channel]: on } } } : d));

  return (
    <Container maxW="3xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="xl">
            Notification settings
          </Heading>
          <Text color="gray.600">
            Everything always appears in the app&apos;s notifications. Choose what also reaches you by email
            and as a push notification on your devices.
          </Text>
        </Stack>
        <PushDeviceCard devices={saved?.pushDevices ?? 0} />
        <Card.Root>
          <Card.Body gap="4">
            <Heading as="h2" size="md">
              What reaches you where
            </Heading>
            {loadError && <Text color="red.600">{loadError}</Text>}
            {!draft ? (
              !loadError && <Spinner role="status" aria-label="Loading your notification settings" />
            ) : (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit();
                }}
              >
                <Stack gap="0" as="ul" listStyleType="none" data-testid="notification-kinds">
                  <HStack gap="3" pb="2" fontSize="sm" fontWeight="semibold" color="gray.600" aria-hidden>
                    <Box flex="1">Notification</Box>
                    <Box w="16" textAlign="center">
                      Email
                    </Box>
                    <Box w="16" textAlign="center">
                      Push
                    </Box>
                  </HStack>
                  <HStack as="li" gap="3" py="3" borderTopWidth="1px" data-testid="security-row">
                    <Stack flex="1" gap="0.5">
                      <HStack gap="2">
                        <Text fontWeight="medium">Security messages</Text>
                        <Badge colorPalette="gray">Always by email</Badge>
                      </HStack>
                      <Text fontSize="sm" color="gray.600">
                        {SECURITY_MESSAGES.join('. ')}. These keep your account safe and cannot be turned off.
                      </Text>
                    </Stack>
                    <ChannelBox
                      label="Email for security messages"
                      checked
                      disabled
                      onChange={() => undefined}
                    />
                    <Box w="16" />
                  </HStack>
                  {NOTIFICATION_KIND_ORDER.map((kind) => {
                    const s = NOTIFICATION_KIND_SETTINGS[kind];
                    const choice = draft.kinds[kind];
                    return (
                      <HStack
                        as="li"
                        key={kind}
                        gap="3"
                        py="3"
                        borderTopWidth="1px"
                        data-testid={`kind-${kind}`}
                      >
                        <Stack flex="1" gap="0.5" minW="0">
                          <Text fontWeight="medium">{s.label}</Text>
                          <Text fontSize="sm" color="gray.600">
                            {s.description}
                          </Text>
                          {kind === 'saved_search_match' && (
                            <HStack gap="2" pt="1" flexWrap="wrap">
                              <Text asChild fontSize="sm">
                                <label htmlFor="alert-frequency">Send alerts</label>
                              </Text>
                              <NativeSelect.Root size="sm" w="auto">
                                <NativeSelect.Field
                                  id="alert-frequency"
                                  value={draft.savedSearchFrequency}
                                  onChange={(e) =>
                                    setDraft({
                                      ...draft,
                                      savedSearchFrequency: e.currentTarget.value as AlertFrequency,
                                    })
                                  }
                                >
                                  {ALERT_FREQUENCIES.map((f) => (
                                    <option key={f} value={f}>
                                      {ALERT_FREQUENCY_LABELS[f]}
                                    </option>
                                  ))}
                                </NativeSelect.Field>
                                <NativeSelect.Indicator />
                              </NativeSelect.Root>
                            </HStack>
                          )}
                        </Stack>
                        <ChannelBox
                          label={`Email for ${s.label}`}
                          checked={choice.email}
                          onChange={(on) => setChoice(kind, 'email', on)}
                        />
                        <ChannelBox
                          label={`Push for ${s.label}`}
                          checked={choice.push}
                          onChange={(on) => setChoice(kind, 'push', on)}
                        />
                      </HStack>
                    );
                  })}
                </Stack>
                <HStack pt="4" gap="3">
                  <Button type="submit" colorPalette="blue" loading={pending} disabled={!dirty}>
                    Save changes
                  </Button>
                  {dirty && (
                    <Button variant="ghost" onClick={() => setDraft(saved)}>
                      Undo changes
                    </Button>
                  )}
                </HStack>
              </form>
            )}
          </Card.Body>
        </Card.Root>
        <Text fontSize="sm">
          <RouterLink to="/account/security" style={{ textDecoration: 'underline' }}>
            Account security
          </RouterLink>
        </Text>
      </Stack>
    </Container>
  );
}

function ChannelBox(props: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Box w="16" display="flex" justifyContent="center">
      <Checkbox.Root
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={(e) => props.onChange(e.checked === true)}
      >
        <Checkbox.HiddenInput aria-label={props.label} />
        <Checkbox.Control />
      </Checkbox.Root>
    </Box>
  );
}

const PUSH_TEXT: Record<PushState, string> = {
  unsupported:
    'This browser cannot receive push notifications here. Install the app or use a browser that supports them.',
  denied:
    'Notifications are blocked for this site. Allow them in the browser’s site settings, then turn push on.',
  off: 'Push notifications are off on this device.',
  on: 'Push notifications are on for this device.',
};

/** Turns web push on or off for the device in hand (each device chooses for itself). */
function PushDeviceCard({ devices }: { devices: number }) {
  const [state, setState] = useState<PushState | null>(null);
  useEffect(() => {
    let live = true;
    pushState().then(
      (s) => live && setState(s),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);
  const on = useSubmit(turnPushOn, {
    successTitle: 'Push notifications',
    success: (s) => PUSH_TEXT[s],
    failureTitle: 'Could not turn push notifications on',
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: setState,
  });
  const off = useSubmit(turnPushOff, {
    successTitle: 'Push notifications',
    success: PUSH_TEXT.off,
    failureTitle: 'Could not turn push notifications off',
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: setState,
  });
  return (
    <Card.Root>
      <Card.Body gap="2">
        <Heading as="h2" size="md">
          Push notifications on this device
        </Heading>
        {state === null ? (
          <Spinner role="status" aria-label="Checking push notifications" />
        ) : (
          <>
            <Text data-testid="push-state">{PUSH_TEXT[state]}</Text>
            <Text fontSize="sm" color="gray.600">
              {devices === 1 ? '1 device receives' : `${devices} devices receive`} your push notifications.
            </Text>
            <HStack>
              {state === 'on' ? (
                <Button variant="outline" loading={off.pending} onClick={() => void off.submit()}>
                  Turn off on this device
                </Button>
              ) : (
                <Button
                  colorPalette="blue"
                  loading={on.pending}
                  disabled={state === 'unsupported'}
                  onClick={() => void on.submit()}
                >
                  Turn on for this device
                </Button>
              )}
            </HStack>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
