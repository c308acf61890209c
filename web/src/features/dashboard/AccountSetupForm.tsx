import { Button, Card, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { SETUP_USER_TYPES, setupSchema, type SetupUserType, type UserDto } from '@freight/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/ui/toaster';
import { UserTypeSelect } from '../../components/UserTypeSelect';
import { useSubmit } from '../../lib/useSubmit';
import { clearPendingUserType, readPendingUserType } from '../../lib/pendingUserType';
import { useSessionStore } from '../../stores/session';

interface AccountSetupFormProps {
  user: UserDto;
  /** Present when changing an existing type: shows a Cancel button. */
  onCancel?: () => void;
}

function currentSetupType(user: UserDto): SetupUserType | '' {
  return user.userType && (SETUP_USER_TYPES as readonly string[]).includes(user.userType)
    ? (user.userType as SetupUserType)
    : '';
}

/** SPEC §4: forced when the user has no type; opened later as 'Change Account Type'. */
export function AccountSetupForm({ user, onCancel }: AccountSetupFormProps) {
  const setup = useSessionStore((s) => s.setup);
  const [userType, setUserType] = useState<SetupUserType | ''>(
    () => readPendingUserType(SETUP_USER_TYPES) ?? currentSetupType(user),
  );
  const [companyName, setCompanyName] = useState(user.companyName ?? '');
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber ?? '');
  const { submit: save, pending: submitting } = useSubmit(setup, {
    success: 'Account type updated successfully!',
    failure: 'Failed to setup account. Please try again.',
    onSuccess: () => window.location.reload(),
  });

  // The pending type is used once, to pre-fill this form.
  useEffect(() => clearPendingUserType(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = setupSchema.safeParse({ userType, companyName, phoneNumber });
    if (!parsed.success) {
      notify({ title: 'Error', description: 'Please fill in all required fields', type: 'error' });
      return;
    }
    await save(parsed.data);
  };

  return (
    <Card.Root maxW="lg" mx="auto">
      <Card.Header>
        <Heading as="h1" size="xl" id="account-setup-heading">
          {onCancel ? 'Change Account Type' : 'Complete Your Account Setup'}
        </Heading>
        <Text color="gray.600">Choose your account type and tell us about your company.</Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="4">
            <FormField label="Account Type" required>
              <UserTypeSelect
                options={SETUP_USER_TYPES}
                value={userType}
                onChange={setUserType}
                placeholder="Select your account type"
              />
            </FormField>
            <FormField label="Company Name" required>
              <Input
                autoComplete="organization"
                value={companyName}
                onChange={(e) => setCompanyName(e.target.value)}
              />
            </FormField>
            <FormField label="Phone Number">
              <Input
                type="tel"
                autoComplete="tel"
                value={phoneNumber}
                onChange={(e) => setPhoneNumber(e.target.value)}
              />
            </FormField>
            <HStack gap="3">
              <Button type="submit" colorPalette="blue" loading={submitting}>
                Complete Setup
              </Button>
              {onCancel && (
                <Button variant="ghost" onClick={onCancel} disabled={submitting}>
                  Cancel
                </Button>
              )}
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
