import { Input } from '@chakra-ui/react';
import type { PlaceDto } from '@freight/shared';
import { useEffect, useId, useRef } from 'react';
import { usePlaceSuggestions } from '../lib/usePlaceSuggestions';
import { FormField } from './FormField';

interface PlaceInputProps {
  label: string;
  /** The text in the input (a chosen place's label, or what is being typed). */
  value: string;
  /** Every keystroke: the text, and the place when the text names one of the suggestions (else null). */
  onChange: (text: string, place: PlaceDto | null) => void;
  placeholder?: string;
  error?: string;
  helperText?: string;
  /**
   * Whether the text already counts as a place (its point is set). When it does not and the suggestions that arrive
   * after the last keystroke hold the text, `onChange` reports that place then (issue 23: typing "Chicago, IL" in
   * full before the list loaded no longer needs a second pick).
   */
  chosen?: boolean;
}

/**
 * A US city or ZIP code with suggestions from GET /api/places (the browser's own list under the input: keyboard and
 * screen readers work as with any input). A place counts once the text is one of the suggestions, also when they
 * arrive after the text was typed; the board also resolves whole places typed at search time (searchFilters.ts).
 */
export function PlaceInput({
  label,
  value,
  onChange,
  placeholder,
  error,
  helperText,
  chosen,
}: PlaceInputProps) {
  const listId = useId();
  const suggestions = usePlaceSuggestions(value);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });
  useEffect(() => {
    if (chosen !== false) return;
    const text = value.trim().toLowerCase();
    const hit = suggestions.find((p) => p.label.toLowerCase() === text);
    if (hit) report.current(hit.label, hit);
  }, [suggestions, value, chosen]);
  return (
    <FormField label={label} error={error} helperText={helperText}>
      <Input
        value={value}
        list={listId}
        autoComplete="off"
        placeholder={placeholder}
        onChange={(e) => {
          const text = e.target.value;
          onChange(text, suggestions.find((p) => p.label === text.trim()) ?? null);
        }}
      />
      <PlaceOptions id={listId} places={suggestions} />
    </FormField>
  );
}

/** The suggestions as the input's datalist. */
export function PlaceOptions({ id, places }: { id: string; places: PlaceDto[] }) {
  return (
    <datalist id={id}>
      {places.map((p) => (
        <option key={p.label} value={p.label} />
      ))}
    </datalist>
  );
}
