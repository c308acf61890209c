import { Alert, Button, Card, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import {
  SETUP_USER_TYPES,
  USER_TYPE_LABELS,
  companyNameRequired,
  documentTypeLabel,
  documentTypesFor,
  setupSchema,
  type SetupUserType,
  type UserDto,
} from '@freight/shared';
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

/**
 * What a change of type does to the user's verification (issue #12): the server recomputes it from the new type's
 * required documents, so the form says so before the user confirms.
 */
function verificationNotice(to: SetupUserType): string {
  const required = documentTypesFor(to).map(documentTypeLabel);
  const label = USER_TYPE_LABELS[to];
  return required.length
    ? `Changing your account type resets your verification. A ${label} account is verified once these documents are approved: ${required.join(', ')}. Approved documents you already have still count.`
    : `Changing your account type resets your verification: your ${label} account shows as Pending until our team verifies it.`;
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
        <Text color="gray.600">
          Choose your account type and tell us about your company (individuals may leave it blank).
        </Text>
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
            {user.userType && userType && userType !== user.userType && (
              <Alert.Root status="warning" data-testid="type-change-verification-notice">
                <Alert.Indicator />
                <Alert.Description>{verificationNotice(userType)}</Alert.Description>
              </Alert.Root>
            )}
            <FormField label="Company Name" required={companyNameRequired(userType)}>
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
