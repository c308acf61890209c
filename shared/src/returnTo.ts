/** Where sign-in returns to (issue 23): a path on this site, never another origin. */

/** Longest returnTo kept (a path with its query); longer ones are refused rather than cut. */
export const RETURN_TO_MAX_LENGTH = 1000;
const ORIGIN = 'http://return-to.invalid';

/**
 * The same-origin path a `returnTo` names ("/tracking/abc?tab=chat"), or null for anything that could leave the
 * site or loop: absolute and protocol-relative URLs ("https://…", "//host", "/\host"), control characters and
 * backslashes, API paths (/api/logout would sign out again), and the sign-in prompt itself.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_TO_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes read as slashes in browsers ("/\evil.com"); control characters are never part of a real path.
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  if (url.pathname === '/' && url.searchParams.has('auth')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
