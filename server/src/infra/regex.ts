/** Escapes text for a case-insensitive substring search with a regex (DESIGN §2: no text indexes). */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
