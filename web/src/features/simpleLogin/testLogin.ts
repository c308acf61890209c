/** The result of a one-click test login, as the status line shows it (SPEC §8). */
export type TestLoginOutcome = { ok: true } | { ok: false; status: string };

/** Signs in with a test account, reading the raw response text so a failure can be shown as the server sent it. */
export async function testLogin(email: string, password: string): Promise<TestLoginOutcome> {
  try {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.ok) return { ok: true };
    const text = await res.text().catch(() => '');
    return { ok: false, status: `Login Failed: ${text || res.statusText}` };
  } catch (error) {
    return { ok: false, status: `Network Error: ${String(error)}` };
  }
}
