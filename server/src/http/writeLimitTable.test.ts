import { WRITE_LIMITS } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { routeTable } from './routeTable.testing';
import { WRITE_LIMIT_TABLE, writeLimitRow } from './writeLimits';

/**
 * Issue 25 point 4: every write of the route table falls under a limit. Writes that fan out to other people (a
 * posting, a request, an offer, an invitation, a report) each have a row of their own; the rest are held by the
 * per-account `writes` limit only, and are named here, so a new fan-out route cannot slip in unlimited: it fails
 * this test until it gets its row (or is named below, with the reason).
 */
const DEFAULT_ONLY = new Set([
  // A company's integration settings (issue 30): owners and admins only, and capped (25 keys, 10 endpoints).
  'POST /api/api-keys',
  'DELETE /api/api-keys/:id',
  'POST /api/webhooks',
  'PATCH /api/webhooks/:id',
  'DELETE /api/webhooks/:id',
  'POST /api/webhooks/:id/rotate-secret',
  'POST /api/webhook-deliveries/:id/replay',
  // Sign-in and account security have throttles of their own (per address and per IP), counted in their services.
  'POST /api/auth/login/2fa',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password/check',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email/resend',
  'POST /api/auth/2fa/setup',
  'POST /api/auth/2fa/enable',
  'POST /api/auth/2fa/disable',
  'DELETE /api/auth/sessions/:id',
  // Each person's own state: seen by no one else, or with its own tighter limit in the service (chat, positions,
  // uploads and the saved-search cap count in their own limits).
  'POST /api/notifications/read-all',
  'POST /api/notifications/:id/read',
  'PUT /api/notification-preferences',
  'POST /api/push/subscriptions',
  'DELETE /api/push/subscriptions',
  'POST /api/saved-searches',
  'DELETE /api/saved-searches/:id',
  'PATCH /api/saved-searches/:id',
  'POST /api/documents/upload',
  'POST /api/freight/:id/chat/message',
  'POST /api/freight/:id/chat/read',
  'POST /api/freight/:id/location',
  'POST /api/freight/:id/photos',
  'POST /api/small-shipments/:id/messages',
  'POST /api/small-shipments/:id/photos',
  'POST /api/shipper/invitations/:id/accept',
  'POST /api/shipper/invitations/:id/decline',
  'POST /api/shipment-offers/:id/decline',
  'DELETE /api/driver-routes/:id',
  // A company's team (issue 28): changes inside one's own company, seen by its members only (invitations, which
  // email someone, have rows of their own).
  'DELETE /api/company/invitations/:id',
  'POST /api/company/invitations/:token/accept',
  'PATCH /api/company/members/:userId',
  'DELETE /api/company/members/:userId',
  'POST /api/company/leave',
  'POST /api/company/transfer',
  // Fleet and posted trucks (issue 29): an owner adding a fleet or a carrier posting its trucks for the week is held
  // by the per-account limit, not by a posting or account-change figure made for other writes.
  'POST /api/fleet/trucks',
  'PATCH /api/fleet/trucks/:id',
  'DELETE /api/fleet/trucks/:id',
  'POST /api/fleet/drivers/me/cdl',
  'POST /api/fleet/drivers/me/medical-card',
  'POST /api/freight/:id/assignment',
  'POST /api/truck-posts',
  'PATCH /api/truck-posts/:id',
  // A rating (issue 40): once per side of a delivered load, changed within 7 days; its one notification goes to the
  // other side of that load.
  'POST /api/freight/:id/rating',
  'PATCH /api/freight/:id/rating',
  'POST /api/truck-posts/:id/withdraw',
  // A dock pinned on the map (issue 39): a point on a load the booked carrier's side is on, told to the load's
  // parties only; at most once per stop and load in practice, held by the per-account limit.
  'POST /api/freight/:id/stops/:which/pin',
  // Invoices (issue 40): one per delivered load and a few moves each, between two companies already in business.
  'POST /api/invoices',
  'POST /api/invoices/:id/approve',
  'POST /api/invoices/:id/dispute',
  'POST /api/invoices/:id/schedule',
  'POST /api/invoices/:id/pay',
  'POST /api/invoices/:id/correct',
  // Quick pay (issue 40): one request per invoice; the terms a payer's money roles set now and then.
  'POST /api/invoices/:id/quick-pay',
  'PUT /api/company/quick-pay',
  'DELETE /api/company/quick-pay',
]);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the write-limit table', () => {
  it('every write route has its own row or is named as held by the per-account limit only', () => {
    const writes = routeTable(app).filter((r) => ['post', 'put', 'patch', 'delete'].includes(r.method));
    expect(writes.length).toBeGreaterThan(20);
    const unclassified = writes
      .map((r) => `${r.method.toUpperCase()} ${r.path}`)
      .filter((key) => {
        const [method, path] = key.split(' ');
        return !writeLimitRow(method, path.replace(/^\/api/, '')) && !DEFAULT_ONLY.has(key);
      });
    expect(unclassified).toEqual([]);
  });

  it('every row names a route that exists and a limit that is defined', () => {
    const routes = routeTable(app);
    for (const row of WRITE_LIMIT_TABLE) {
      const served = routes.some(
        (r) => writeLimitRow(r.method.toUpperCase(), r.path.replace(/^\/api/, ''))?.path === row.path,
      );
      expect(served, `${row.method} ${row.path}`).toBe(true);
      if (row.limit) expect(WRITE_LIMITS[row.limit].points).toBeGreaterThan(0);
    }
  });
});
