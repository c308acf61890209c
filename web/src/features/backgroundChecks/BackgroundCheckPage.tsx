import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Container,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  BACKGROUND_CHECK_QUESTIONS,
  backgroundCheckSchema,
  US_STATES,
  type BackgroundCheckDto,
} from '@freight/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CheckboxField } from '../../components/CheckboxField';
import { FormField } from '../../components/FormField';
import { InputField } from '../../components/InputField';
import { plainOptions, SelectInput } from '../../components/SelectInput';
import { formatUsDate } from '../../lib/dates';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useBackgroundCheckStore } from '../../stores/backgroundCheck';
import { useSessionStore } from '../../stores/session';
import { BackgroundCheckStatusBadge } from './BackgroundCheckStatusBadge';
import { useMyBackgroundCheck } from './useMyBackgroundCheck';

const EMPTY = {
  fullName: '',
  dateOfBirth: '',
  ssn: '',
  phoneNumber: '',
  currentAddress: '',
  city: '',
  state: '',
  zipCode: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelationship: '',
  drivingExperience: '',
  hasMovingViolations: false,
  movingViolationsDetails: '',
  hasAccidents: false,
  accidentsDetails: '',
  hasCriminalHistory: false,
  criminalHistoryDetails: '',
  consentToBackgroundCheck: false,
  consentToRecordCheck: false,
};
type CheckForm = typeof EMPTY;

/** A rejected check's answers, to correct and resubmit; the SSN is never sent back, so it is typed again. */
function fromCheck(c: BackgroundCheckDto): CheckForm {
  return {
    ...EMPTY,
    fullName: c.fullName,
    dateOfBirth: c.dateOfBirth,
    phoneNumber: c.phoneNumber,
    currentAddress: c.currentAddress,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    emergencyContactName: c.emergencyContactName,
    emergencyContactPhone: c.emergencyContactPhone,
    emergencyContactRelationship: c.emergencyContactRelationship,
    drivingExperience: c.drivingExperience,
    hasMovingViolations: c.hasMovingViolations,
    movingViolationsDetails: c.movingViolationsDetails ?? '',
    hasAccidents: c.hasAccidents,
    accidentsDetails: c.accidentsDetails ?? '',
    hasCriminalHistory: c.hasCriminalHistory,
    criminalHistoryDetails: c.criminalHistoryDetails ?? '',
  };
}

/** /background-check: an individual driver's background check (SPEC §3, §5; issue 16): its status, and the form. */
export function BackgroundCheckPage() {
  const user = useSessionStore((s) => s.user);
  const isDriver = user?.viewerActions.submitBackgroundCheck === true;
  const { check, status } = useMyBackgroundCheck(isDriver);

  return (
    <Container maxW="3xl" py="8">
      <Stack gap="6">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Background Check
            </Heading>
            <Text color="gray.600">
              Drivers need an approved background check to make offers on small shipments.
            </Text>
          </Stack>
          {isDriver && status === 'loaded' && <BackgroundCheckStatusBadge check={check} />}
        </HStack>
        {!isDriver ? (
          <Text color="gray.600">Background checks are for individual driver accounts.</Text>
        ) : status === 'loaded' ? (
          <CheckState check={check} />
        ) : status === 'failed' ? (
          <Text color="red.600">Your background check could not be loaded. Please reload the page.</Text>
        ) : (
          <Center py="10">
            <Spinner role="status" aria-label="Loading your background check" />
          </Center>
        )}
      </Stack>
    </Container>
  );
}

function CheckState({ check }: { check: BackgroundCheckDto | null }) {
  if (check?.status === 'pending') {
    return (
      <Alert.Root status="info" data-testid="background-check-pending">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Pending review</Alert.Title>
          <Alert.Description>
            Submitted {formatUsDate(check.submittedAt)} for {check.fullName} (SSN ending in {check.ssnLast4}).
            An admin reviews it shortly; this page changes as soon as it is decided.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (check?.status === 'approved') {
    return (
      <Alert.Root status="success" data-testid="background-check-approved">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Approved</Alert.Title>
          <Alert.Description>
            Your background check was approved
            {check.reviewedAt ? ` on ${formatUsDate(check.reviewedAt)}` : ''}. You can make offers on small
            shipments, and customers see &quot;Background checked&quot; on them.{' '}
            <RouterLink to="/driver-routes" style={{ textDecoration: 'underline' }}>
              Go to My Routes
            </RouterLink>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="4">
      {check?.status === 'rejected' && (
        <Alert.Root status="error" data-testid="background-check-rejected">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Rejected</Alert.Title>
            <Alert.Description>
              {check.rejectionReason}. Correct your answers (and type your SSN again) and resubmit.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <BackgroundCheckForm key={check?.id ?? 'new'} previous={check} />
    </Stack>
  );
}

function BackgroundCheckForm({ previous }: { previous: BackgroundCheckDto | null }) {
  const submitCheck = useBackgroundCheckStore((s) => s.submit);
  const [form, setForm] = useState<CheckForm>(() => (previous ? fromCheck(previous) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit: send, pending } = useSubmit(submitCheck, {
    successTitle: 'Background check submitted',
    success: 'We will let you know as soon as it is reviewed.',
    failure: 'refusal',
  });
  const set = <K extends keyof CheckForm>(key: K, value: CheckForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof CheckForm) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = backgroundCheckSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await send(form);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Background check">
      <Stack gap="6">
        <Section title="Personal Information">
          <InputField
            label="Full Legal Name"
            required
            error={errors.fullName}
            autoComplete="name"
            {...text('fullName')}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <InputField
              label="Date of Birth"
              required
              type="date"
              error={errors.dateOfBirth}
              autoComplete="bday"
              {...text('dateOfBirth')}
            />
            <FormField
              label="Social Security Number"
              required
              error={errors.ssn}
              helperText="Encrypted and never shown again: only its last four digits."
            >
              <Input
                placeholder="###-##-####"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                {...text('ssn')}
              />
            </FormField>
          </SimpleGrid>
          <InputField
            label="Phone Number"
            required
            type="tel"
            error={errors.phoneNumber}
            autoComplete="tel"
            placeholder="(555) 555-0100"
            {...text('phoneNumber')}
          />
        </Section>

        <Section title="Current Address">
          <InputField
            label="Street Address"
            required
            error={errors.currentAddress}
            autoComplete="street-address"
            {...text('currentAddress')}
          />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <InputField
              label="City"
              required
              error={errors.city}
              autoComplete="address-level2"
              {...text('city')}
            />
            <FormField label="State" required error={errors.state}>
              <SelectInput
                value={form.state}
                onChange={(v) => set('state', v)}
                options={plainOptions(US_STATES)}
                placeholder="Select state"
              />
            </FormField>
            <InputField
              label="ZIP Code"
              required
              error={errors.zipCode}
              autoComplete="postal-code"
              inputMode="numeric"
              {...text('zipCode')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Emergency Contact">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <InputField
              label="Contact Name"
              required
              error={errors.emergencyContactName}
              {...text('emergencyContactName')}
            />
            <InputField
              label="Contact Phone"
              required
              type="tel"
              error={errors.emergencyContactPhone}
              {...text('emergencyContactPhone')}
            />
            <InputField
              label="Relationship"
              required
              error={errors.emergencyContactRelationship}
              {...text('emergencyContactRelationship')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Driving History">
          <FormField label="Driving Experience" required error={errors.drivingExperience}>
            <Textarea
              rows={3}
              placeholder="Years driving, and the vehicles you drive (e.g. 8 years: pickup with trailer, cargo van)"
              {...text('drivingExperience')}
            />
          </FormField>
          {BACKGROUND_CHECK_QUESTIONS.map((q) => (
            <Stack key={q.flag} gap="2">
              <CheckboxField label={q.label} checked={form[q.flag]} onChange={(v) => set(q.flag, v)} />
              {form[q.flag] && (
                <FormField
                  label="Please describe (dates and what happened)"
                  required
                  error={errors[q.details]}
                >
                  <Textarea rows={2} {...text(q.details)} />
                </FormField>
              )}
            </Stack>
          ))}
        </Section>

        <Section title="Consent">
          <Consent
            label="I consent to a background check, including a criminal record search."
            checked={form.consentToBackgroundCheck}
            onChange={(v) => set('consentToBackgroundCheck', v)}
            error={errors.consentToBackgroundCheck}
          />
          <Consent
            label="I consent to a check of my driving record (motor vehicle record)."
            checked={form.consentToRecordCheck}
            onChange={(v) => set('consentToRecordCheck', v)}
            error={errors.consentToRecordCheck}
          />
        </Section>

        <HStack justify="flex-end">
          <Button type="submit" colorPalette="blue" loading={pending}>
            {previous ? 'Resubmit Background Check' : 'Submit Background Check'}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Consent({
  label,
  checked,
  onChange,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <Box>
      <CheckboxField label={label} checked={checked} onChange={onChange} />
      {error && (
        <Text color="fg.error" fontSize="sm" mt="1" role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}
