import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { MAX_EXTRA_STOPS, US_STATES, type ExtraStopDto, type ExtraStopInput } from '@freight/shared';
import { FiPlus, FiTrash2 } from 'react-icons/fi';
import { FormField } from '../../components/FormField';
import { InputField } from '../../components/InputField';
import { plainOptions, SelectInput } from '../../components/SelectInput';
import { EMPTY_STOP, StopDetailsFields, stopFormOf, stopInputOf, type StopForm } from './StopDetailsFields';

const STATE_OPTIONS = plainOptions(US_STATES);

/** A stop between the first pickup and the last delivery as the form holds it (issue 39): every input a string. */
export interface ExtraStopForm {
  kind: 'pickup' | 'delivery';
  city: string;
  state: string;
  zip: string;
  date: string;
  details: StopForm;
}

const EMPTY_EXTRA_STOP: ExtraStopForm = {
  kind: 'delivery',
  city: '',
  state: '',
  zip: '',
  date: '',
  details: EMPTY_STOP,
};

export function extraStopFormOf(s: ExtraStopDto): ExtraStopForm {
  return {
    kind: s.kind,
    city: s.city,
    state: s.state,
    zip: s.zip ?? '',
    date: s.date ? s.date.slice(0, 10) : '',
    details: stopFormOf(s),
  };
}

/** The stop as the schema takes it (blank inputs are null there). */
export function extraStopInputOf(f: ExtraStopForm): ExtraStopInput {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    ...stopInputOf(f.details),
    kind: f.kind,
    city: f.city.trim(),
    state: f.state.trim(),
    zip: text(f.zip),
    date: text(f.date),
  };
}

interface ExtraStopsFieldsProps {
  value: ExtraStopForm[];
  onChange: (value: ExtraStopForm[]) => void;
  /** The form's errors by dotted path ('extraStops.0.city'). */
  errors: Record<string, string>;
}

/**
 * The stops between the first pickup (the origin) and the last delivery (the destination), in the order the truck
 * makes them: each a pickup or a delivery with its city, state, ZIP, date and details. Numbered as the driver and the
 * rate confirmation number them (the origin is stop 1).
 */
export function ExtraStopsFields({ value, onChange, errors }: ExtraStopsFieldsProps) {
  const setStop = (i: number, stop: ExtraStopForm) => onChange(value.map((s, j) => (j === i ? stop : s)));
  return (
    <Stack gap="3" data-testid="extra-stops">
      {value.map((stop, i) => {
        const at = `extraStops.${i}`;
        const word = `Stop ${i + 2}`;
        const field = (key: 'city' | 'zip' | 'date', label: string, type = 'text') => (
          <InputField
            label={`${word} ${label}`}
            type={type}
            value={stop[key]}
            error={errors[`${at}.${key}`]}
            required={key === 'city'}
            onChange={(e) => setStop(i, { ...stop, [key]: e.target.value })}
          />
        );
        return (
          <Box key={i} borderWidth="1px" borderRadius="md" p="3" data-testid={`extra-stop-${i + 2}`}>
            <HStack justify="space-between" mb="2">
              <Text fontWeight="semibold">{word} (between the pickup and the delivery)</Text>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={`Remove ${word.toLowerCase()}`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                <FiTrash2 aria-hidden /> Remove
              </Button>
            </HStack>
            {errors[at] && (
              <Text color="red.600" fontSize="sm" mb="2" role="alert">
                {errors[at]}
              </Text>
            )}
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
              <FormField label={`${word} type`} error={errors[`${at}.kind`]}>
                <SelectInput
                  value={stop.kind}
                  onChange={(v) => setStop(i, { ...stop, kind: v as ExtraStopForm['kind'] })}
                  options={[
                    { value: 'pickup', label: 'Pickup' },
                    { value: 'delivery', label: 'Delivery' },
                  ]}
                />
              </FormField>
              {field('city', 'city')}
              <FormField label={`${word} state`} error={errors[`${at}.state`]} required>
                <SelectInput
                  value={stop.state}
                  onChange={(v) => setStop(i, { ...stop, state: v })}
                  options={STATE_OPTIONS}
                  placeholder="Select state"
                />
              </FormField>
              {field('zip', 'ZIP')}
              {field('date', 'date', 'date')}
            </SimpleGrid>
            <Box mt="2">
              <StopDetailsFields
                stop={at}
                word={word}
                value={stop.details}
                onChange={(details) => setStop(i, { ...stop, details })}
                errors={errors}
              />
            </Box>
          </Box>
        );
      })}
      {errors.extraStops && (
        <Text color="red.600" fontSize="sm" role="alert">
          {errors.extraStops}
        </Text>
      )}
      {value.length < MAX_EXTRA_STOPS && (
        <Button
          variant="outline"
          size="sm"
          alignSelf="flex-start"
          onClick={() => onChange([...value, EMPTY_EXTRA_STOP])}
        >
          <FiPlus aria-hidden /> Add a stop between pickup and delivery
        </Button>
      )}
    </Stack>
  );
}
