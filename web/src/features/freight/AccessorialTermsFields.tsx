import { Box, Button, Collapsible, SimpleGrid, Text } from '@chakra-ui/react';
import {
  DEFAULT_ACCESSORIAL_TERMS,
  DETENTION_BILLING_STEP_MINUTES,
  toAccessorialTermsDto,
  type AccessorialTermsDto,
  type PostLoadInput,
} from '@freight/shared';
import { useState } from 'react';
import { FiChevronDown, FiChevronRight } from 'react-icons/fi';
import { InputField, MONEY_INPUT } from '../../components/InputField';

/** The load's detention, layover and TONU terms as the Post Load form holds them (issue 41): dollars, free hours. */
export interface AccessorialTermsForm {
  freeTimeHours: string;
  detentionPerHour: string;
  layoverPerNight: string;
  tonuBase: string;
  tonuPerMile: string;
}

/** The form's terms from a load's (or the defaults, for a new load). */
export function accessorialTermsFormOf(t: AccessorialTermsDto | null | undefined): AccessorialTermsForm {
  const terms = t ?? toAccessorialTermsDto(DEFAULT_ACCESSORIAL_TERMS);
  return {
    freeTimeHours: String(terms.freeTimeMinutes / 60),
    detentionPerHour: String(terms.detentionPerHour),
    layoverPerNight: String(terms.layoverPerNight),
    tonuBase: String(terms.tonuBase),
    tonuPerMile: String(terms.tonuPerMile),
  };
}

/** The terms as the schema takes them: a blank input is null (the default on a post, the load's on an edit). */
export function accessorialTermsInputOf(
  f: AccessorialTermsForm,
): NonNullable<PostLoadInput['accessorialTerms']> {
  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  const hours = num(f.freeTimeHours);
  return {
    freeTimeMinutes: hours == null ? null : Number.isFinite(hours) ? Math.round(hours * 60) : hours,
    detentionPerHour: num(f.detentionPerHour),
    layoverPerNight: num(f.layoverPerNight),
    tonuBase: num(f.tonuBase),
    tonuPerMile: num(f.tonuPerMile),
  };
}

interface AccessorialTermsFieldsProps {
  value: AccessorialTermsForm;
  onChange: (value: AccessorialTermsForm) => void;
  /** The form's errors by dotted path ('accessorialTerms.detentionPerHour'). */
  errors: Record<string, string>;
}

/**
 * Free time, detention, layover and TONU in a collapsible section, closed (prefilled with the defaults or the load's
 * terms) unless one of them is refused. Everyone who sees the load sees them.
 */
export function AccessorialTermsFields({ value, onChange, errors }: AccessorialTermsFieldsProps) {
  const [open, setOpen] = useState(false);
  const error = (key: string) => errors[`accessorialTerms.${key}`];
  const shown = open || Object.keys(errors).some((k) => k.startsWith('accessorialTerms.'));
  const field = (key: keyof AccessorialTermsForm, label: string, path: string = key, step = 0.01) => (
    <InputField
      label={label}
      {...MONEY_INPUT}
      step={step}
      value={value[key]}
      error={error(path)}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
    />
  );
  return (
    <Collapsible.Root open={shown} onOpenChange={(d) => setOpen(d.open)} lazyMount>
      <Collapsible.Trigger asChild>
        <Button variant="ghost" size="sm" alignSelf="flex-start" px="1" data-testid="accessorialTerms-toggle">
          {shown ? <FiChevronDown aria-hidden /> : <FiChevronRight aria-hidden />}
          Detention, layover and TONU
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box borderWidth="1px" borderRadius="md" p="3" mt="2" data-testid="accessorialTerms-details">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {field('freeTimeHours', 'Free time at each stop (hours)', 'freeTimeMinutes', 0.25)}
            {field('detentionPerHour', 'Detention ($ per hour)')}
            {field('layoverPerNight', 'Layover ($ per night)')}
            {field('tonuBase', 'TONU fee ($)')}
            {field('tonuPerMile', 'TONU per mile of deadhead ($)')}
          </SimpleGrid>
          <Text fontSize="xs" color="gray.600" mt="2">
            Detention is billed after the free time in {DETENTION_BILLING_STEP_MINUTES}-minute steps (a part
            step counts as a whole one). TONU (truck ordered not used) is the fee plus the per-mile amount for
            the deadhead to the pickup. Carriers see these terms on the load, and the rate confirmation prints
            them.
          </Text>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
