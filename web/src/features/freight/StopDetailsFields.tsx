import { Box, Button, Collapsible, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import {
  STOP_APPOINTMENT_KINDS,
  STOP_APPOINTMENT_LABELS,
  type LoadStopDto,
  type PostLoadInput,
} from '@freight/shared';
import { useState } from 'react';
import { FiChevronDown, FiChevronRight } from 'react-icons/fi';
import { FormField } from '../../components/FormField';
import { InputField } from '../../components/InputField';
import { SelectInput } from '../../components/SelectInput';

/** A stop's details as the Post Load form holds them (issue 39): every input a string. */
export interface StopForm {
  facilityName: string;
  address: string;
  dockNotes: string;
  /** '' (none), 'fcfs', 'appointment' or 'window'. */
  appointmentKind: string;
  time: string;
  endTime: string;
  pickupNumber: string;
  poNumber: string;
  bolNumber: string;
  contactName: string;
  contactPhone: string;
}

export const EMPTY_STOP: StopForm = {
  facilityName: '',
  address: '',
  dockNotes: '',
  appointmentKind: '',
  time: '',
  endTime: '',
  pickupNumber: '',
  poNumber: '',
  bolNumber: '',
  contactName: '',
  contactPhone: '',
};

export function stopFormOf(s: LoadStopDto | null | undefined): StopForm {
  if (!s) return EMPTY_STOP;
  const t = (v: string | null) => v ?? '';
  return {
    facilityName: t(s.facilityName),
    address: t(s.address),
    dockNotes: t(s.dockNotes),
    appointmentKind: s.appointment?.kind ?? '',
    time: t(s.appointment?.time ?? null),
    endTime: t(s.appointment?.endTime ?? null),
    pickupNumber: t(s.pickupNumber),
    poNumber: t(s.poNumber),
    bolNumber: t(s.bolNumber),
    contactName: t(s.contactName),
    contactPhone: t(s.contactPhone),
  };
}

export const isEmptyStop = (f: StopForm) => Object.values(f).every((v) => v.trim() === '');

/** The stop as the schema takes it (blank inputs are null there; a stop with nothing given becomes none). */
export function stopInputOf(f: StopForm): NonNullable<PostLoadInput['pickupStop']> {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    facilityName: text(f.facilityName),
    address: text(f.address),
    dockNotes: text(f.dockNotes),
    appointment: f.appointmentKind
      ? {
          kind: f.appointmentKind as (typeof STOP_APPOINTMENT_KINDS)[number],
          time: text(f.time),
          endTime: text(f.endTime),
        }
      : null,
    pickupNumber: text(f.pickupNumber),
    poNumber: text(f.poNumber),
    bolNumber: text(f.bolNumber),
    contactName: text(f.contactName),
    contactPhone: text(f.contactPhone),
  };
}

interface StopDetailsFieldsProps {
  /** The stop's field in the input: 'pickupStop', 'deliveryStop', or a stop in between ('extraStops.0'). */
  stop: string;
  /** How the labels name it ("Pickup", "Stop 2"); the field's kind by default. */
  word?: string;
  value: StopForm;
  onChange: (value: StopForm) => void;
  /** The form's errors by dotted path ('pickupStop.appointment.time', or 'pickupStop' for the stop as a whole). */
  errors: Record<string, string>;
}

/**
 * A stop's details in a collapsible section (closed while empty, so the form stays short): facility, street
 * address, dock notes, appointment, reference numbers and contact. Only the load's parties see them once posted.
 */
export function StopDetailsFields({ stop, word: named, value, onChange, errors }: StopDetailsFieldsProps) {
  const word = named ?? (stop === 'pickupStop' ? 'Pickup' : 'Delivery');
  const [open, setOpen] = useState(() => !isEmptyStop(value));
  const nested = Object.keys(errors).some((k) => k.startsWith(`${stop}.`));
  const error = (path: string) => errors[`${stop}.${path}`];
  const shown = open || nested || Boolean(errors[stop]);
  const set = (key: keyof StopForm, v: string) => onChange({ ...value, [key]: v });
  const text = (key: keyof StopForm, label: string, type = 'text', path: string = key) => (
    <InputField
      label={label}
      type={type}
      value={value[key]}
      error={error(path)}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  return (
    <Collapsible.Root open={shown} onOpenChange={(d) => setOpen(d.open)} lazyMount>
      <Collapsible.Trigger asChild>
        <Button variant="ghost" size="sm" alignSelf="flex-start" px="1" data-testid={`${stop}-toggle`}>
          {shown ? <FiChevronDown aria-hidden /> : <FiChevronRight aria-hidden />}
          {named ? `${word} details` : `${word} stop details`} (facility, address, appointment, references)
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box borderWidth="1px" borderRadius="md" p="3" mt="2" data-testid={`${stop}-details`}>
          {errors[stop] && !nested && (
            <Text color="red.600" fontSize="sm" mb="2" role="alert">
              {errors[stop]}
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {text('facilityName', `${word} facility name`)}
            {text('address', `${word} street address`)}
            <FormField label={`${word} appointment`} error={error('appointment.kind')}>
              <SelectInput
                value={value.appointmentKind}
                onChange={(v) => set('appointmentKind', v)}
                placeholder="None"
                options={STOP_APPOINTMENT_KINDS.map((k) => ({ value: k, label: STOP_APPOINTMENT_LABELS[k] }))}
              />
            </FormField>
            {value.appointmentKind === 'appointment' || value.appointmentKind === 'window' ? (
              <SimpleGrid columns={2} gap="2">
                {text(
                  'time',
                  value.appointmentKind === 'window' ? 'Window opens' : 'Appointment time',
                  'time',
                  'appointment.time',
                )}
                {value.appointmentKind === 'window' &&
                  text('endTime', 'Window closes', 'time', 'appointment.endTime')}
              </SimpleGrid>
            ) : (
              <Box />
            )}
            {text('pickupNumber', `${word} PU number`)}
            {text('poNumber', `${word} PO number`)}
            {text('bolNumber', `${word} BOL number`)}
            <Box />
            {text('contactName', `${word} contact name`)}
            {text('contactPhone', `${word} contact phone`, 'tel')}
          </SimpleGrid>
          <Box mt="3">
            <FormField label={`${word} dock / door notes`} error={error('dockNotes')}>
              <Textarea rows={2} value={value.dockNotes} onChange={(e) => set('dockNotes', e.target.value)} />
            </FormField>
          </Box>
          <Text fontSize="xs" color="gray.600" mt="2">
            The appointment is on {named ? `${word}'s` : `the ${word.toLowerCase()}`} date, in the
            facility&apos;s local time. Only the booked carrier and its driver see these details; the board
            shows the city and state.
          </Text>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
