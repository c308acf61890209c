import {
  Alert,
  Box,
  Button,
  Card,
  Code,
  Heading,
  HStack,
  Image,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TwoFactorSetupDto } from '@freight/shared';
import { useState } from 'react';
import { FormField } from '../../components/FormField';
import { apiRequest, errorFieldMessages } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { useSessionStore } from '../../stores/session';

/**
 * Two-factor sign-in (issue 27): scan the QR code, confirm with a code, keep the ten recovery codes (shown once);
 * turning it off needs the password and a code.
 */
export function TwoFactorCard() {
  const enabled = useSessionStore((s) => s.user?.twoFactorEnabled ?? false);
  const refetch = useSessionStore((s) => s.refetch);
  const [setup, setSetup] = useState<TwoFactorSetupDto | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const start = useSubmit(() => apiRequest<TwoFactorSetupDto>('POST', '/api/auth/2fa/setup'), {
    success: false,
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: (s) => {
      setSetup(s);
      setCode('');
    },
  });
  const confirm = useSubmit(
    (c: string) => apiRequest<{ recoveryCodes: string[] }>('POST', '/api/auth/2fa/enable', { code: c }),
    {
      successTitle: 'Two-factor sign-in is on',
      failureTitle: 'Not turned on',
      failure: 'refusal',
      resetOnSuccess: true,
      onSuccess: (r) => {
        setRecoveryCodes(r.recoveryCodes);
        setSetup(null);
        setCode('');
        void refetch();
      },
    },
  );
  const turnOff = useSubmit(
    (input: { password: string; code: string }) => apiRequest('POST', '/api/auth/2fa/disable', input),
    {
      successTitle: 'Two-factor sign-in is off',
      failureTitle: 'Not turned off',
      failure: 'refusal',
      resetOnSuccess: true,
      onFailure: (err) => setErrors(errorFieldMessages(err)),
      onSuccess: () => {
        setPassword('');
        setCode('');
        setErrors({});
        void refetch();
      },
    },
  );

  return (
    <Card.Root>
      <Card.Body gap="3">
        <HStack gap="2" flexWrap="wrap">
          <Heading as="h2" size="md">
            Two-factor sign-in
          </Heading>
          <Text
            as="span"
            fontSize="sm"
            color={enabled ? 'green.700' : 'gray.600'}
            data-testid="two-factor-status"
          >
            {enabled ? 'On' : 'Off'}
          </Text>
        </HStack>
        {recoveryCodes ? (
          <Stack gap="3">
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>
                Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They
                are shown only now.
              </Alert.Description>
            </Alert.Root>
            <SimpleGrid
              as="ul"
              columns={{ base: 1, sm: 2 }}
              gap="2"
              listStyleType="none"
              data-testid="recovery-codes"
            >
              {recoveryCodes.map((c) => (
                <Box as="li" key={c}>
                  <Code fontSize="md">{c}</Code>
                </Box>
              ))}
            </SimpleGrid>
            <Button
              alignSelf="flex-start"
              colorPalette="blue"
              onClick={() => {
                setRecoveryCodes(null);
                void refetch();
              }}
            >
              I saved them
            </Button>
          </Stack>
        ) : enabled ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void turnOff.submit({ password, code: code.trim() });
            }}
            noValidate
          >
            <Stack gap="3">
              <Text fontSize="sm" color="gray.600">
                Sign-in asks for a code from your authenticator app. To turn it off, enter your password and a
                code.
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                <FormField label="Password" error={errors.password} required>
                  <Input
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                </FormField>
                <FormField label="Code" error={errors.code} required>
                  <Input
                    autoComplete="one-time-code"
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                  />
                </FormField>
              </SimpleGrid>
              <Button
                type="submit"
                alignSelf="flex-start"
                variant="outline"
                colorPalette="red"
                loading={turnOff.pending}
              >
                Turn off
              </Button>
            </Stack>
          </form>
        ) : setup ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void confirm.submit(code.trim());
            }}
            noValidate
          >
            <Stack gap="3">
              <Text fontSize="sm">
                Scan this QR code with your authenticator app (or type the key), then enter the 6-digit code
                it shows.
              </Text>
              <Image src={setup.qrDataUrl} alt="QR code for your authenticator app" boxSize="220px" />
              <Text fontSize="sm" wordBreak="break-all">
                Key: <Code data-testid="totp-secret">{setup.secret}</Code>
              </Text>
              <FormField label="Code from the app" required>
                <Input
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxW="12rem"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </FormField>
              <HStack gap="2" flexWrap="wrap">
                <Button type="submit" colorPalette="blue" loading={confirm.pending}>
                  Confirm
                </Button>
                <Button variant="ghost" onClick={() => setSetup(null)}>
                  Cancel
                </Button>
              </HStack>
            </Stack>
          </form>
        ) : (
          <Stack gap="3">
            <Text fontSize="sm" color="gray.600">
              Protect your account with a code from an authenticator app at each sign-in.
            </Text>
            <Button
              alignSelf="flex-start"
              colorPalette="blue"
              loading={start.pending}
              onClick={() => void start.submit()}
            >
              Turn on two-factor sign-in
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
