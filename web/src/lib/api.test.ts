import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const notify = vi.fn();
vi.mock('../components/ui/toaster', () => ({ notify }));

const { apiRequest, errorMessage, isSessionLost } = await import('./api');

function answer(status: number, body: string) {
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

describe('apiRequest', () => {
  const location = { href: '/' };
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { location, setTimeout });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    notify.mockClear();
  });

  it('on a 401 Unauthorized answer, toasts, redirects to sign-in and throws a recognisable error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, '{"message":"Unauthorized","code":"UNAUTHORIZED"}')),
    );
    const err: unknown = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(isSessionLost(err)).toBe(true);
    expect(errorMessage(err)).toBe('Unauthorized');
    expect(notify).toHaveBeenCalledWith({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      type: 'error',
    });
    vi.advanceTimersByTime(500);
    expect(location.href).toBe('/api/login');
  });

  it('carries the page the session was lost on to sign-in (issue 23)', async () => {
    const here = { href: '/', pathname: '/tracking/abc', search: '?tab=chat', hash: '' };
    vi.stubGlobal('window', { location: here, setTimeout });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, '{"message":"Unauthorized","code":"UNAUTHORIZED"}')),
    );
    await apiRequest('GET', '/api/y').catch(() => undefined);
    vi.advanceTimersByTime(500);
    expect(here.href).toBe(`/api/login?returnTo=${encodeURIComponent('/tracking/abc?tab=chat')}`);
  });

  it('leaves an expected 401 and other failures to the caller', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, '{"message":"Unauthorized"}')),
    );
    const signedOut: unknown = await apiRequest('GET', '/api/auth/user', undefined, {
      expectsSession: false,
    }).catch((e: unknown) => e);
    expect(isSessionLost(signedOut)).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, '{"message":"Bad"}')),
    );
    const bad: unknown = await apiRequest('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(isSessionLost(bad)).toBe(false);
    expect(errorMessage(bad)).toBe('Bad');
    expect(notify).not.toHaveBeenCalled();
  });
});
