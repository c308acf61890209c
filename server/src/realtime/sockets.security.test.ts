import { MAX_SOCKETS_PER_USER, TOO_MANY_SOCKETS_MESSAGE } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startSecondNode, startTestApp, type TestApp } from '@test/helpers';

// Issue 12 item 6: one user held 100 sockets. A user may hold MAX_SOCKETS_PER_USER at once, counted across every web
// process (Redis); one more is refused with a connect_error that says why; closing one frees its place.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('sockets per user (issue 12 item 6)', () => {
  it(`holds ${MAX_SOCKETS_PER_USER} sockets per user across processes and refuses one more with a clear error`, async () => {
    const user = app.client();
    await user.registerAndLogin({ userType: 'carrier' });
    const other = app.client();
    await other.registerAndLogin({ userType: 'shipper' });
    const node2 = await startSecondNode(app);
    try {
      const half = MAX_SOCKETS_PER_USER / 2;
      const open = [
        ...(await Promise.all(Array.from({ length: half }, () => user.socket()))),
        ...(await Promise.all(
          Array.from({ length: MAX_SOCKETS_PER_USER - half }, () => user.socket(node2.url)),
        )),
      ];
      expect(open.every((s) => s.connected)).toBe(true);

      for (const url of [app.url, node2.url]) {
        await expect(user.socket(url)).rejects.toThrow(TOO_MANY_SOCKETS_MESSAGE);
      }
      // Another user is not counted against this one.
      expect((await other.socket()).connected).toBe(true);

      // A closed socket frees its place (the server sees the disconnect a moment later).
      open[0].disconnect();
      const again = await eventually(() => user.socket().catch(() => null));
      expect(again.connected).toBe(true);
      await expect(user.socket(node2.url)).rejects.toThrow(TOO_MANY_SOCKETS_MESSAGE);
    } finally {
      user.closeSockets();
      other.closeSockets();
      await node2.stop();
    }
  });
});
