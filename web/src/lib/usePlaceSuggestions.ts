import { PLACE_SUGGESTION_LIMIT, type PlaceDto } from '@freight/shared';
import { useEffect, useRef, useState } from 'react';
import { apiRequest, logFailure } from './api';

/**
 * US places for what is being typed (GET /api/places), a moment after typing stops; the answer to older text is
 * dropped. Text that already names one of the suggestions asks nothing more.
 */
export function usePlaceSuggestions(text: string): PlaceDto[] {
  const [suggestions, setSuggestions] = useState<PlaceDto[]>([]);
  const latest = useRef('');
  useEffect(() => {
    const q = text.trim();
    latest.current = q;
    if (q.length < 2 || suggestions.some((p) => p.label === q)) return;
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ q, limit: String(PLACE_SUGGESTION_LIMIT) });
      apiRequest<{ items: PlaceDto[] }>('GET', `/api/places?${query}`, undefined, { expectsSession: false })
        .then((answer) => {
          if (latest.current === q) setSuggestions(answer.items);
        })
        .catch((err: unknown) => logFailure('Place suggestions', err));
    }, 150);
    return () => clearTimeout(timer);
  }, [text, suggestions]);
  return suggestions;
}
