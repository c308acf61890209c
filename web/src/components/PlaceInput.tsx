import { Input } from '@chakra-ui/react';
import { PLACE_SUGGESTION_LIMIT, type PlaceDto } from '@freight/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { apiRequest, logFailure } from '../lib/api';
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
}

/**
 * A US city or ZIP code with suggestions from GET /api/places (the browser's own list under the input: keyboard and
 * screen readers work as with any input). A place counts only once the text is one of the suggestions.
 */
export function PlaceInput({ label, value, onChange, placeholder, error, helperText }: PlaceInputProps) {
  const listId = useId();
  const [suggestions, setSuggestions] = useState<PlaceDto[]>([]);
  const latest = useRef('');

  useEffect(() => {
    const text = value.trim();
    latest.current = text;
    if (text.length < 2 || suggestions.some((p) => p.label === text)) return;
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ q: text, limit: String(PLACE_SUGGESTION_LIMIT) });
      apiRequest<{ items: PlaceDto[] }>('GET', `/api/places?${query}`, undefined, { expectsSession: false })
        .then((answer) => {
          if (latest.current === text) setSuggestions(answer.items);
        })
        .catch((err: unknown) => logFailure('Place suggestions', err));
    }, 150);
    return () => clearTimeout(timer);
  }, [value, suggestions]);

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
      <datalist id={listId}>
        {suggestions.map((p) => (
          <option key={p.label} value={p.label} />
        ))}
      </datalist>
    </FormField>
  );
}
