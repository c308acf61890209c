// Issue 51: every list and read asks the policy with the member's role. Each list route (REST and /api/v1) and the
// reads of one load are walked as each role of a carrier company and of a broker company, and what each role sees is
// asserted, so a list cannot show what its detail routes hide. One app and both companies are set up once.
import { COMPANY_ROLES, type CompanyRole } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import request from 'supertest';
import { createApiKey } from '../features/apiKeys/service';
import { teamOf, type Team } from '../features/companies/members.testing';
import { V1_ROUTES } from '../features/publicApi/routes';
import { verifiedClient } from '../features/freight/testUtils';
import { seedLoad } from '../features/tracking/testing';
import { assignForTest } from '../features/trips/testing';
import { UserModel } from '../features/users/model';
import { routeTable } from '../http/routeTable.testing';

let app: TestApp;
let carrier: Team;
let broker: Team;
/** Each member's API key (made while an admin, then moved to their role: the key acts with the role they have now). */
const keys = new Map<string, string>();
/** The loads: two open ones (a booking request on one, an offer on the other), two booked to the carrier. */
const L = { open: '', offered: '', assigned: '', unassigned: '' };
let requestId = '';
let offerId = '';

const READERS: readonly CompanyRole[] = ['owner', 'admin', 'dispatcher', 'accounting', 'viewer'];
const PAPERS: readonly CompanyRole[] = ['owner', 'admin', 'dispatcher', 'accounting'];

async function withKey(member: { id: string }) {
  const user = await UserModel.findById(member.id);
  const made = await createApiKey(user!, {
    name: 'role walk',
    scopes: ['loads:read', 'bookings:read', 'tracking:read', 'documents:read'],
  });
  keys.set(member.id, made.secret);
}

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  const [carrierOwner, brokerOwner] = await Promise.all([
    verifiedClient(app, 'carrier', { companyName: 'Ridge Haulers' }),
    verifiedClient(app, 'broker', { companyName: 'Lakeside Brokerage' }),
  ]);
  await Promise.all([withKey(carrierOwner.user!), withKey(brokerOwner.user!)]);
  [carrier, broker] = await Promise.all([
    teamOf(app, carrierOwner, { prepare: withKey }),
    teamOf(app, brokerOwner, { prepare: withKey }),
  ]);
  const brokerId = broker.owner.id;
  const carrierId = carrier.owner.id;
  [L.open, L.offered, L.assigned, L.unassigned] = await Promise.all([
    seedLoad({ posterId: brokerId, brokerId, title: 'Open load' }),
    seedLoad({ posterId: brokerId, brokerId, title: 'Offered load' }),
    seedLoad({ posterId: brokerId, brokerId, carrierId, title: 'Assigned load' }),
    seedLoad({ posterId: brokerId, brokerId, carrierId, title: 'Unassigned load' }),
  ]);
  await assignForTest({ loadId: L.assigned, driverId: carrier.driver.id, byId: carrier.dispatcher.id });
  const requested = await carrier.dispatcher.client.post(`/api/freight/${L.open}/book`, { message: 'Ready' });
  expect(requested.status, requested.text).toBe(201);
  requestId = requested.body.request?.id ?? requested.body.id;
  const offered = await carrier.dispatcher.client.post(`/api/freight/${L.offered}/negotiate`, {
    proposedRate: 1900,
  });
  expect(offered.status, offered.text).toBe(201);
  offerId = offered.body.negotiation.id;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

type Whose = 'carrier' | 'broker';
/** What a role gets: a status and, for a list answered 200, the ids it holds (in any order). */
type Seen = { status: number; ids?: string[] };
type Expect = (role: CompanyRole) => Seen;

interface Walk {
  /** The route as the router (or the /api/v1 table) names it. */
  route: string;
  whose: Whose;
  url: () => string;
  v1?: boolean;
  expect: Expect;
}

const list =
  (readers: () => string[], driver: () => string[] | number): Expect =>
  (role) => {
    if (role !== 'driver') return { status: 200, ids: readers() };
    const d = driver();
    return typeof d === 'number' ? { status: d } : { status: 200, ids: d };
  };
/** A read of one load: 200 for `allowed`, 404 (as if it did not exist) for everyone else. */
const read =
  (allowed: readonly CompanyRole[]): Expect =>
  (role) => ({ status: allowed.includes(role) ? 200 : 404 });
const both = () => [L.assigned, L.unassigned];
const all4 = () => [L.open, L.offered, L.assigned, L.unassigned];
const none = () => [];

const WALKS: Walk[] = [
  // The carrier company: loads booked to it; its requests and offers.
  {
    route: '/api/freight/my-listings',
    whose: 'carrier',
    url: () => '/api/freight/my-listings',
    expect: list(both, () => [L.assigned]),
  },
  {
    route: '/api/tracking/loads',
    whose: 'carrier',
    url: () => '/api/tracking/loads',
    expect: list(both, () => [L.assigned]),
  },
  {
    route: '/api/booking-requests/mine',
    whose: 'carrier',
    url: () => '/api/booking-requests/mine?status=all',
    expect: list(() => [requestId], none),
  },
  {
    route: '/api/negotiations/mine',
    whose: 'carrier',
    url: () => '/api/negotiations/mine',
    expect: list(() => [offerId], none),
  },
  { route: '/api/trips', whose: 'carrier', url: () => '/api/trips', expect: list(none, () => [L.assigned]) },
  {
    route: '/api/truck-posts/mine',
    whose: 'carrier',
    url: () => '/api/truck-posts/mine',
    expect: list(none, () => 403),
  },
  { route: '/api/fleet/trucks', whose: 'carrier', url: () => '/api/fleet/trucks', expect: list(none, none) },
  {
    route: '/api/fleet/drivers',
    whose: 'carrier',
    url: () => '/api/fleet/drivers',
    expect: () => ({ status: 200 }),
  },
  // The broker company: the loads it posted; requests and offers on them.
  {
    route: '/api/freight/my-listings',
    whose: 'broker',
    url: () => '/api/freight/my-listings',
    expect: list(all4, none),
  },
  {
    route: '/api/tracking/loads',
    whose: 'broker',
    url: () => '/api/tracking/loads',
    expect: list(both, none),
  },
  {
    route: '/api/booking-requests',
    whose: 'broker',
    url: () => '/api/booking-requests?status=all',
    expect: list(
      () => [requestId],
      () => 403,
    ),
  },
  {
    route: '/api/negotiations/received',
    whose: 'broker',
    url: () => '/api/negotiations/received',
    expect: list(() => [offerId], none),
  },
  {
    route: '/api/broker/freight',
    whose: 'broker',
    url: () => '/api/broker/freight',
    expect: list(all4, () => 403),
  },
  {
    route: '/api/broker/negotiations',
    whose: 'broker',
    url: () => '/api/broker/negotiations',
    expect: list(
      () => [offerId],
      () => 403,
    ),
  },
  {
    route: '/api/broker/shippers',
    whose: 'broker',
    url: () => '/api/broker/shippers',
    expect: list(none, () => 403),
  },
  // One load, past the board: an unassigned driver is told it does not exist, as its lists leave it out.
  {
    route: '/api/freight/:id',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id',
    whose: 'carrier',
    url: () => `/api/freight/${L.assigned}`,
    expect: read(COMPANY_ROLES),
  },
  {
    route: '/api/freight/:id',
    whose: 'broker',
    url: () => `/api/freight/${L.assigned}`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/tracking',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/tracking`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/tracking',
    whose: 'carrier',
    url: () => `/api/freight/${L.assigned}/tracking`,
    expect: read(COMPANY_ROLES),
  },
  {
    route: '/api/freight/:id/history',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/history`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/parties',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/parties`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/documents',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/documents`,
    expect: read(PAPERS),
  },
  {
    route: '/api/freight/:id/stops',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/stops`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/location',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/location`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/location/history',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/location/history`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/stop-clock',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/stop-clock`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/facility-dwell',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/facility-dwell`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/photos',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/photos`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/chat',
    whose: 'carrier',
    url: () => `/api/freight/${L.unassigned}/chat`,
    expect: read(READERS),
  },
  {
    route: '/api/freight/:id/chat',
    whose: 'carrier',
    url: () => `/api/freight/${L.assigned}/chat`,
    expect: read(COMPANY_ROLES),
  },
  // The poster's page of an open load (its requests and offers): the roles that act on loads.
  {
    route: '/api/freight/:id/interest',
    whose: 'broker',
    url: () => `/api/freight/${L.open}/interest`,
    expect: read(['owner', 'admin', 'dispatcher']),
  },
  // The public API: a key acts as its creator with the role they hold now.
  {
    route: '/loads',
    v1: true,
    whose: 'carrier',
    url: () => '/api/v1/loads',
    expect: list(both, () => [L.assigned]),
  },
  { route: '/loads', v1: true, whose: 'broker', url: () => '/api/v1/loads', expect: list(all4, none) },
  {
    route: '/loads/{id}',
    v1: true,
    whose: 'carrier',
    url: () => `/api/v1/loads/${L.unassigned}`,
    expect: read(READERS),
  },
  {
    route: '/loads/{id}',
    v1: true,
    whose: 'carrier',
    url: () => `/api/v1/loads/${L.assigned}`,
    expect: read(COMPANY_ROLES),
  },
  {
    route: '/loads/{id}/history',
    v1: true,
    whose: 'carrier',
    url: () => `/api/v1/loads/${L.unassigned}/history`,
    expect: read(READERS),
  },
  {
    route: '/loads/{id}/positions',
    v1: true,
    whose: 'carrier',
    url: () => `/api/v1/loads/${L.unassigned}/positions`,
    expect: read(READERS),
  },
  {
    route: '/loads/{id}/stops',
    v1: true,
    whose: 'carrier',
    url: () => `/api/v1/loads/${L.unassigned}/stops`,
    expect: read(READERS),
  },
  {
    route: '/loads/{id}/stop-visits',
    v1: true,
    whose: 'carrier',
    url: () => `/api/v1/loads/${L.unassigned}/stop-visits`,
    expect: read(READERS),
  },
  {
    route: '/booking-requests',
    v1: true,
    whose: 'broker',
    url: () => '/api/v1/booking-requests?status=all',
    expect: list(
      () => [requestId],
      () => 403,
    ),
  },
  {
    route: '/offers',
    v1: true,
    whose: 'broker',
    url: () => '/api/v1/offers',
    expect: list(() => [offerId], none),
  },
  {
    route: '/truck-posts/mine',
    v1: true,
    whose: 'carrier',
    url: () => '/api/v1/truck-posts/mine',
    expect: list(none, () => 403),
  },
];

async function seenBy(team: Team, role: CompanyRole, walk: Walk): Promise<Seen> {
  const member = team[role];
  const res = walk.v1
    ? await request(app.url)
        .get(walk.url())
        .set('Authorization', `Bearer ${keys.get(member.id)}`)
    : await (member.client as TestClient).get(walk.url());
  const items = (walk.v1 ? res.body.data : res.body.items) as Array<{ id: string }> | undefined;
  const expected = walk.expect(role);
  return res.status === 200 && expected.ids && items
    ? { status: 200, ids: items.map((i) => i.id).sort() }
    : { status: res.status };
}

describe('each list and read as each role of the company', () => {
  it.each(WALKS.map((w) => [`${w.v1 ? 'GET /api/v1' : 'GET '}${w.route}`, w.whose, w] as const))(
    '%s (%s company)',
    async (_name, whose, walk) => {
      const team = whose === 'carrier' ? carrier : broker;
      const seen = await Promise.all(COMPANY_ROLES.map((role) => seenBy(team, role, walk)));
      const expected = COMPANY_ROLES.map((role) => {
        const e = walk.expect(role);
        return e.ids ? { status: e.status, ids: [...e.ids].sort() } : { status: e.status };
      });
      expect(Object.fromEntries(COMPANY_ROLES.map((r, i) => [r, seen[i]]))).toEqual(
        Object.fromEntries(COMPANY_ROLES.map((r, i) => [r, expected[i]])),
      );
    },
  );
});

/**
 * Every GET route that is not walked above, with why: a new list or read of the company's things fails here until
 * it has a row above (or a reason here).
 */
const PERSONAL = "the signed-in person's own (session, account, notifications): no company role applies";
const ADMIN = 'platform administrators only (admin:access)';
const PUBLIC = 'the same for every signed-in role, or signed out (no company data)';
const INTEGRATIONS = "owners and admins only (managesIntegrations), walked in webhooks' and apiKeys' tests";
const NOT_WALKED: Record<string, string> = {
  '/api/health': PUBLIC,
  '/api/config': PUBLIC,
  '/api/login': PUBLIC,
  '/api/logout': PUBLIC,
  '/api/test-accounts': PUBLIC,
  '/api/push/public-key': PUBLIC,
  '/api/places': PUBLIC,
  '/api/places/resolve': PUBLIC,
  '/api/subscriptions/plans': PUBLIC,
  '/api/freight': 'the public board: open loads only, the same to everyone (a booked load leaves it)',
  'v1 /board': 'the public board: open loads only, the same to everyone (a booked load leaves it)',
  '/api/truck-posts': 'posted trucks searched by brokers and shippers (truckPost:search): public offers',
  'v1 /truck-posts': 'posted trucks searched by brokers and shippers (truckPost:search): public offers',
  '/api/truck-posts/:id':
    'one posted truck: its company (truckPost:readOwn, reading roles) and its searchers',
  '/api/company': 'the team: every member sees it (team:view), team.test.ts',
  '/api/company/invitations/:token/preview': 'the invitation link itself is the credential',
  '/api/auth/user': PERSONAL,
  '/api/auth/sessions': PERSONAL,
  '/api/notifications': PERSONAL,
  '/api/notification-preferences': PERSONAL,
  '/api/users/verification-status': PERSONAL,
  '/api/saved-searches': PERSONAL,
  '/api/shipper/invitations': 'invitations addressed to the person’s own email (brokerInvitation:list)',
  '/api/tracking/unread': "counts of the person's own chat rooms (by person id, not the company's loads)",
  '/api/background-check': PERSONAL,
  '/api/fleet/drivers/me': "the driver's own CDL and medical card",
  '/api/fleet/trucks/:id': 'one truck: every member of its company (truck:read), fleet tests',
  '/api/documents':
    "compliance documents: owner, admins, accounting see the company's; others their own uploads",
  '/api/documents/:id/download': 'document:read (owner, admins, accounting), documents tests',
  '/api/freight/:id/photos/:photoId/file': "tracking:view, as the load's photos list walked above",
  '/api/freight/:id/delivery/signature':
    "tracking:view, as the load's photos list walked above; tracking tests",
  '/api/freight/:id/documents/rate-confirmation.pdf':
    "loadDocument:view, as the load's documents walked above",
  '/api/freight/:id/documents/proof-of-delivery.pdf':
    "loadDocument:view, as the load's documents walked above",
  'v1 /loads/{id}/documents/rate-confirmation.pdf': "loadDocument:view, as the load's documents walked above",
  'v1 /loads/{id}/documents/proof-of-delivery.pdf': "loadDocument:view, as the load's documents walked above",
  '/api/broker/stats': 'broker:access (reading roles), counts only',
  '/api/broker/invitations': 'broker:access (reading roles): the broker’s own invitations',
  '/api/subscriptions/usage': "the company's plan usage (counts): every member works under the plan",
  '/api/small-shipments':
    'individual customers’ shipments: smallShipment:list (reading roles), companyRoles.test.ts',
  '/api/small-shipments/carrying': 'shipmentWorkspace:list (reading roles), companyRoles.test.ts',
  '/api/small-shipments/:id/workspace': 'shipmentWorkspace:view, shipmentWorkspace tests',
  '/api/small-shipments/:id/messages': 'shipmentWorkspace:view, shipmentWorkspace tests',
  '/api/small-shipments/:id/photos': 'shipmentWorkspace:view, shipmentWorkspace tests',
  '/api/small-shipments/:id/photos/:photoId/file': 'shipmentWorkspace:view, shipmentWorkspace tests',
  '/api/driver-routes': 'individual drivers’ routes: driverRoute:list (reading roles), companyRoles.test.ts',
  '/api/driver-routes/:id/matches': 'driverRoute:manage, driverRoutes tests',
  '/api/api-keys': INTEGRATIONS,
  '/api/webhooks': INTEGRATIONS,
  '/api/webhooks/:id/deliveries': INTEGRATIONS,
  'v1 /webhooks': INTEGRATIONS,
  'v1 /webhooks/{id}': INTEGRATIONS,
  'v1 /webhooks/{id}/deliveries': INTEGRATIONS,
  '/api/freight/:id/ratings':
    "a delivered load's ratings: whoever reads the load (load:read) sees its side's; rating:give rates, ratings tests",
  '/api/facilities/:key':
    "a facility's dwell figures: the same for every signed-in role; its key is handed only to those who read a load's stops (load:stopDetails), facilities.test.ts",
  '/api/companies/:id/profile':
    'a company’s public profile: the same for every signed-in role (docs/ratings.md)',
  '/api/invoices/sent': 'invoice:list and invoice:readAmounts by role, invoices.test.ts',
  '/api/invoices/received': 'invoice:list and invoice:readAmounts by role, invoices.test.ts',
  '/api/invoices/:id': 'invoice:read (drivers and viewers: 404), invoices.test.ts',
  '/api/invoices/:id/invoice.pdf': 'invoice:readAmounts, invoices.test.ts',
  '/api/freight/:id/invoice': 'load:read, then invoice:read, invoices.test.ts',
  '/api/invoices/aging':
    'invoice:list, amounts by invoice:readAmounts (dispatchers: counts only), quickPay.test.ts',
  '/api/company/quick-pay': 'the viewer’s own company’s offer; invoice:offerQuickPay edits, quickPay.test.ts',
  'v1 /invoices': 'invoice:list and invoice:readAmounts by role (the web’s service), publicApi.test.ts',
  'v1 /invoices/{id}': 'invoice:read (drivers and viewers: 404), publicApi.test.ts',
  'v1 /invoices/{id}/invoice.pdf': 'invoice:readAmounts (dispatchers: 403), publicApi.test.ts',
  '/api/admin/mail': ADMIN,
  '/api/admin/documents/pending': ADMIN,
  '/api/admin/documents/stats': ADMIN,
  '/api/admin/background-checks': ADMIN,
};

describe('the walk covers the route table', () => {
  it('every GET route of /api and /api/v1 is walked or has a reason not to be', () => {
    const walked = new Set(WALKS.map((w) => (w.v1 ? `v1 ${w.route}` : w.route)));
    const routes = [
      ...routeTable(app)
        .filter((r) => r.method === 'get')
        .map((r) => r.path),
      ...V1_ROUTES.filter((r) => r.method === 'get').map((r) => `v1 ${r.path}`),
    ];
    const uncovered = [...new Set(routes)].filter((r) => !walked.has(r) && !(r in NOT_WALKED));
    expect(uncovered).toEqual([]);
    // A reason for a route that is walked, or no longer exists, is stale.
    expect(Object.keys(NOT_WALKED).filter((r) => walked.has(r) || !routes.includes(r))).toEqual([]);
  });
});
