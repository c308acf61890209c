import { Button, Dialog, Input, Stack, Text } from '@chakra-ui/react';
import { loginSchema } from '@freight/shared';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { fieldErrors } from '../../lib/validation';

import { useAuthModalStore } from './authModalStore';
import { useLogin, useSecondFactor } from './useLogin';
import { TestLoginButtons } from './TestLoginButtons';

export function LoginModal() {
  const open = useAuthModalStore((s) => s.view === 'login');
  const close = useAuthModalStore((s) => s.close);
  return (
    <FormDialog title="Sign In" open={open} onClose={close} placement="center">
      <LoginForm />
    </FormDialog>
  );
}

function LoginForm() {
  const initialEmail = useAuthModalStore((s) => s.loginEmail);
  const openRegister = useAuthModalStore((s) => s.openRegister);
  const openForgot = useAuthModalStore((s) => s.openForgot);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [code, setCode] = useState('');
  const { submit: login, pending: submitting } = useLogin(undefined, () => setStep('code'));
  const { submit: sendCode, pending: checkingCode } = useSecondFactor();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await login(parsed.data.email, parsed.data.password);
  };

  if (step === 'code') {
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim().length < 6) {
            setErrors({ code: 'Enter the 6-digit code from your authenticator app, or a recovery code' });
            return;
          }
          setErrors({});
          void sendCode(code.trim());
        }}
        noValidate
      >
        <Dialog.Body>
          <Stack gap="4">
            <Text fontSize="sm" color="gray.700">
              Two-factor sign-in is on for {email}. Enter the 6-digit code your authenticator app shows, or
              one of your recovery codes.
            </Text>
            <FormField label="Authentication code" error={errors.code} required>
              <Input
                autoComplete="one-time-code"
                inputMode="text"
                autoFocus
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
          <Button type="submit" colorPalette="blue" loading={checkingCode}>
            Verify
          </Button>
          <Button variant="plain" size="sm" colorPalette="blue" onClick={() => setStep('password')}>
            Back
          </Button>
        </Dialog.Footer>
      </form>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label="Email" error={errors.email} required>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          <FormField label="Password" error={errors.password} required>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <Button
            variant="plain"
            size="sm"
            colorPalette="blue"
            alignSelf="flex-start"
            px="0"
            onClick={() => openForgot(email)}
          >
            Forgot password?
          </Button>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
        <Button type="submit" colorPalette="blue" loading={submitting}>
          Sign In
        </Button>
        <Text fontSize="sm" textAlign="center">
          Don&apos;t have an account?{' '}
          <Button variant="plain" size="sm" colorPalette="blue" px="1" onClick={openRegister}>
            Create an account
          </Button>
        </Text>
        {/* A debug aid: below the main button, so the form's own action comes first. */}
        <TestLoginButtons />
      </Dialog.Footer>
    </form>
  );
}
