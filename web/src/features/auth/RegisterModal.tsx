import { Button, Dialog, Input, Stack, Text } from '@chakra-ui/react';
import {
  REGISTER_USER_TYPES,
  REGISTRABLE_USER_TYPES,
  registerSchema,
  type RegisterInput,
  type RegistrableUserType,
} from '@freight/shared';
import { useState, type FormEvent } from 'react';
import { NameFields, NewPasswordFields } from '../../components/AccountFields';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/ui/toaster';
import { UserTypeSelect } from '../../components/UserTypeSelect';
import { errorFieldMessages } from '../../lib/api';
import { clearPendingUserType, readPendingUserType } from '../../lib/pendingUserType';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useSessionStore } from '../../stores/session';

import { useAuthModalStore } from './authModalStore';

type RegisterForm = Required<Omit<RegisterInput, 'userType'>> & { userType: RegistrableUserType };

export function RegisterModal() {
  const open = useAuthModalStore((s) => s.view === 'register');
  const close = useAuthModalStore((s) => s.close);
  return (
    <FormDialog title="Create Account" open={open} onClose={close} placement="center">
      <RegisterForm />
    </FormDialog>
  );
}

/** The picker's types, plus the pending type a landing card stored when the picker does not offer it. */
function typeOptions(pending: RegistrableUserType | null): readonly RegistrableUserType[] {
  return pending && !(REGISTER_USER_TYPES as readonly string[]).includes(pending)
    ? [...REGISTER_USER_TYPES, pending]
    : REGISTER_USER_TYPES;
}

function initialForm(pending: RegistrableUserType | null, email = ''): RegisterForm {
  return {
    firstName: '',
    lastName: '',
    email,
    password: '',
    confirmPassword: '',
    // SPEC §5: the stored pending type, else carrier.
    userType: pending ?? 'carrier',
    companyName: '',
    phoneNumber: '',
  };
}

function RegisterForm() {
  const openLogin = useAuthModalStore((s) => s.openLogin);
  const register = useSessionStore((s) => s.register);
  const [pendingType] = useState(() => readPendingUserType(REGISTRABLE_USER_TYPES));
  const [form, setForm] = useState<RegisterForm>(() =>
    // The email typed in the sign-in dialog carries over when the visitor switches to registering.
    initialForm(pendingType, useAuthModalStore.getState().loginEmail),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit: send, pending: submitting } = useSubmit(
    async (input: RegisterInput) => {
      await register(input);
      return input.email;
    },
    {
      success: 'Account created successfully! Please sign in.',
      failureTitle: 'Registration Failed',
      failure: { fallback: 'Failed to create account' },
      // The server checks what the form cannot (a password that is easy to guess) and names the field.
      onFailure: (err) => setErrors(errorFieldMessages(err)),
      onSuccess: (email) => {
        // The account has its type now; the choice must not leak into a later registration here.
        clearPendingUserType();
        openLogin(email);
      },
    },
  );

  const update = <K extends keyof RegisterForm>(key: K, value: RegisterForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A field's message goes once it is edited; the others stay until the next submit.
    setErrors(({ [key]: _edited, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.password !== form.confirmPassword) {
      notify({ title: 'Password Mismatch', description: 'Passwords do not match', type: 'error' });
      return;
    }
    const parsed = registerSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await send(parsed.data);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <NameFields values={form} errors={errors} onChange={update} />
          <FormField label="Email" error={errors.email} required>
            <Input
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={(e) => update('email', e.target.value)}
            />
          </FormField>
          <NewPasswordFields values={form} errors={errors} onChange={update} />
          <FormField label="Account Type" error={errors.userType}>
            <UserTypeSelect
              options={typeOptions(pendingType)}
              value={form.userType}
              onChange={(value) => update('userType', value)}
            />
          </FormField>
          <FormField label="Company Name" error={errors.companyName}>
            <Input
              autoComplete="organization"
              value={form.companyName}
              onChange={(e) => update('companyName', e.target.value)}
            />
          </FormField>
          <FormField label="Phone Number" error={errors.phoneNumber}>
            <Input
              type="tel"
              autoComplete="tel"
              value={form.phoneNumber}
              onChange={(e) => update('phoneNumber', e.target.value)}
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
        <Button type="submit" colorPalette="blue" loading={submitting}>
          Create Account
        </Button>
        <Text fontSize="sm" textAlign="center">
          Already have an account?{' '}
          <Button variant="plain" size="sm" colorPalette="blue" px="1" onClick={() => openLogin()}>
            Sign in instead
          </Button>
        </Text>
      </Dialog.Footer>
    </form>
  );
}
