// Issue 30: webhooks to a real receiver on loopback that verifies every delivery with `standardwebhooks`; the
// receiver is killed and restarted (retries, every event, in order per load); SSRF refusals happen before any
// connection (this process's sockets are guarded: any connect outside 127.0.0.0/8 fails the test). Issue 40: invoice
// and rating events reach both companies, in order.
import dns from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { ApiKeyCreatedDto, PostLoadInput } from '@freight/shared';
import createClient from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, uniqueEmail, type TestApp, type TestClient } from '@test/helpers';
import type { paths } from '@test/apiV1.generated';
import { DomainEventModel, type StoredDomainEvent } from '../../events/model';
import { seedLoad } from '../tracking/testing';
import { toDomainEvent } from '../../events/projectors';
import { NotificationModel } from '../notifications/model';
import { UserModel } from '../users/model';
import { loadInput as webLoadInput, verifiedClient } from '../freight/testUtils';
import { WebhookDeliveryModel, WebhookEndpointModel } from './model';
import { webhooksProjector } from './projector';
import { setAllowedPrivateTargets } from './ssrf';

// ---------------------------------------------------------------------------------------------------------------
// The socket guard: records every connection this process tries to make outside 127.0.0.0/8.

const outside: string[] = [];
const isLoopback = (address: string) => /^(::ffff:)?127\./.test(address);
const originalConnect = net.Socket.prototype.connect;
function guardSockets() {
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const opts = (typeof first === 'object' && first !== null ? first : { port: first, host: args[1] }) as {
      path?: string;
      host?: string;
      lookup?: typeof dns.lookup;
    };
    if (opts.path === undefined) {
      const host = typeof opts.host === 'string' ? opts.host : 'localhost';
      if (net.isIP(host)) {
        if (!isLoopback(host)) outside.push(host);
      } else {
        const lookup = opts.lookup ?? dns.lookup;
        opts.lookup = ((h: string, o: dns.LookupOptions, cb: (...a: unknown[]) => void) =>
          (lookup as (...a: unknown[]) => void)(h, o, (err: unknown, address: unknown, family: unknown) => {
            const list = Array.isArray(address)
              ? address.map((a: { address: string }) => a.address)
              : [address];
            for (const a of list) if (typeof a === 'string' && !isLoopback(a)) outside.push(`${h} -> ${a}`);
            cb(err, address, family);
          })) as unknown as typeof dns.lookup;
      }
    }
    return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
}

// ---------------------------------------------------------------------------------------------------------------
// The receiver: verifies each delivery with the endpoint's secrets; can be stopped and started on its port.

interface Received {
  id: string;
  /** The path it was sent to: each endpoint of a test has its own. */
  path: string;
  type: string;
  loadId: string | null;
  x12?: string | null;
  /** A stop clock event's stop (tracking.arrived / departed). */
  visit?: { kind: string; source: string; facilityName: string };
  signatures: number;
}

class Receiver {
  received: Received[] = [];
  secrets: string[] = [];
  /** Secrets of the endpoints at other paths than /hook (the one of another company), by path. */
  secretsByPath: Record<string, string[]> = {};
  rejected = 0;
  port = 0;
  private server: http.Server | null = null;
  private sockets = new Set<net.Socket>();

  async start() {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        if (req.url === '/redirect') {
          res.writeHead(307, { location: 'http://10.0.0.1/hook' }).end();
          return;
        }
        if (req.url === '/redirect-6to4') {
          // 6to4 of 127.0.0.1 (issue 50): the allow-list names 127.0.0.1, not the relays that would reach it.
          res.writeHead(307, { location: 'https://[2002:7f00:1::]/hook' }).end();
          return;
        }
        const headers = req.headers as Record<string, string>;
        // Every secret the test holds must verify (during a rotation both are in the signature header).
        try {
          for (const s of this.secretsByPath[req.url ?? ''] ?? this.secrets)
            new Webhook(s).verify(body, headers);
        } catch {
          this.rejected++;
          res.writeHead(400).end('bad signature');
          return;
        }
        const payload = JSON.parse(body) as {
          type: string;
          data: { loadId: string | null; x12?: string | null; visit?: Received['visit'] };
        };
        this.received.push({
          id: headers['webhook-id']!,
          path: req.url ?? '',
          type: payload.type,
          loadId: payload.data.loadId,
          x12: payload.data.x12,
          visit: payload.data.visit,
          signatures: headers['webhook-signature']!.split(' ').length,
        });
        res.writeHead(200).end('thanks');
      });
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop() {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(path = '/hook') {
    return `http://127.0.0.1:${this.port}${path}`;
  }
}

type V1PostLoad = paths['/loads']['post']['requestBody']['content']['application/json'];
const loadInput = (o: Partial<PostLoadInput> = {}) => webLoadInput(o) as V1PostLoad;

let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let client: ReturnType<typeof createClient<paths>>;
const receiver = new Receiver();

beforeAll(async () => {
  app = await startTestApp({
    workers: true,
    env: { WEBHOOK_ALLOWED_PRIVATE_TARGETS: '127.0.0.1', RATE_LIMITS_ENABLED: 'false' },
  });
  guardSockets();
  shipper = await verifiedClient(app, 'shipper');
  carrier = await verifiedClient(app, 'carrier');
  const res = await shipper.post('/api/api-keys', {
    name: 'TMS',
    scopes: ['loads:read', 'loads:write', 'bookings:read', 'bookings:write', 'webhooks:manage'],
  });
  const { secret } = res.body as ApiKeyCreatedDto;
  client = createClient<paths>({
    baseUrl: `${app.url}/api/v1`,
    headers: { Authorization: `Bearer ${secret}` },
  });
  await receiver.start();
});
afterAll(async () => {
  net.Socket.prototype.connect = originalConnect;
  setAllowedPrivateTargets(null);
  await receiver.stop().catch(() => undefined);
  await app?.close();
  expect(outside).toEqual([]);
});

const ALL_EVENTS = [
  'load.posted',
  'load.edited',
  'load.withdrawn',
  'load.status_changed',
  'booking.requested',
  'booking.reviewed',
  'tracking.stop',
  'tracking.arrived',
] as const;

async function register(url = receiver.url()) {
  const res = await client.POST('/webhooks', { body: { url, events: [...ALL_EVENTS] } });
  return res;
}

describe('SSRF', () => {
  it('refuses private, loopback, link-local and loopback-resolving targets without the allow-list, before connecting', async () => {
    setAllowedPrivateTargets('');
    try {
      for (const url of [
        'https://10.0.0.1/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://localhost/hook',
        'https://[::1]/hook',
        'https://[::ffff:10.0.0.1]/hook',
        // Issue 50: IPv4-compatible, 6to4 of 127.0.0.1 and site-local.
        'https://[::127.0.0.1]/',
        'https://[2002:7f00:1::]/',
        'https://[fec0::1]/',
        receiver.url(),
      ]) {
        const res = await register(url);
        expect(res.response.status, url).toBe(400);
        expect(res.error!.error.message).toMatch(/^url: /);
      }
    } finally {
      setAllowedPrivateTargets('127.0.0.1');
    }
    // http:// only for the allow-list; elsewhere https.
    expect((await register('http://example.com/hook')).response.status).toBe(400);
    expect(outside).toEqual([]);
  });

  it('refuses a delivery whose target left the allow-list, and a redirect to a private address', async () => {
    const { data } = await register(receiver.url('/redirect'));
    const endpointId = data!.endpoint.id;
    const { data: load } = await client.POST('/loads', { body: loadInput({ title: 'Redirected' }) });
    const attempt = await eventually(async () => {
      const d = await WebhookDeliveryModel.findOne({ endpointId, loadId: load!.id }).lean();
      return d?.attempts?.[0];
    });
    expect(attempt!.status).toBeNull();
    expect(attempt!.excerpt).toMatch(/Refused: 10\.0\.0\.1 resolves to 10\.0\.0\.1/);
    await client.DELETE('/webhooks/{id}', { params: { path: { id: endpointId } } });

    // Issue 50: with 127.0.0.1 allowed, a redirect to an IPv6 form carrying it is still refused at delivery.
    const sixToFour = await register(receiver.url('/redirect-6to4'));
    const { data: relayed } = await client.POST('/loads', { body: loadInput({ title: 'Relayed' }) });
    const relayedAttempt = await eventually(async () => {
      const d = await WebhookDeliveryModel.findOne({
        endpointId: sixToFour.data!.endpoint.id,
        loadId: relayed!.id,
      }).lean();
      return d?.attempts?.[0];
    });
    expect(relayedAttempt!.status).toBeNull();
    expect(relayedAttempt!.excerpt).toMatch(/Refused: 2002:7f00:1:: resolves to 2002:7f00:1::/);
    await client.DELETE('/webhooks/{id}', { params: { path: { id: sixToFour.data!.endpoint.id } } });

    const second = await register();
    setAllowedPrivateTargets('');
    try {
      await client.POST('/loads', { body: loadInput({ title: 'No longer allowed' }) });
      const refused = await eventually(async () => {
        const d = await WebhookDeliveryModel.findOne({ endpointId: second.data!.endpoint.id }).lean();
        return d?.attempts?.[0];
      });
      expect(refused!.excerpt).toMatch(/Refused: 127\.0\.0\.1/);
    } finally {
      setAllowedPrivateTargets('127.0.0.1');
      await client.DELETE('/webhooks/{id}', { params: { path: { id: second.data!.endpoint.id } } });
    }
    expect(receiver.received).toEqual([]);
    expect(outside).toEqual([]);
  });
});

describe('deliveries', () => {
  it('are signed, retried while the receiver is down, each delivered, in order per load; logged and replayable', async () => {
    const created = await register();
    expect(created.response.status).toBe(201);
    expect(created.data!.secret).toMatch(/^whsec_/);
    receiver.secrets = [created.data!.secret];
    const endpointId = created.data!.endpoint.id;

    const { data: first } = await client.POST('/loads', { body: loadInput({ title: 'Hook A' }) });
    await eventually(async () => receiver.received.some((r) => r.loadId === first!.id));

    await receiver.stop();
    const { data: second } = await client.POST('/loads', { body: loadInput({ title: 'Hook B' }) });
    await client.PATCH('/loads/{id}', { params: { path: { id: first!.id } }, body: { rate: 2100 } });
    await client.PATCH('/loads/{id}', { params: { path: { id: second!.id } }, body: { rate: 2200 } });
    await client.PATCH('/loads/{id}', { params: { path: { id: first!.id } }, body: { rate: 2300 } });
    await client.POST('/loads/{id}/withdraw', { params: { path: { id: second!.id } }, body: {} });
    // Let deliveries fail while it is down.
    await eventually(async () => {
      const failed = await WebhookDeliveryModel.find({ endpointId, status: 'pending' }).lean();
      return failed.some((d) => (d.attempts ?? []).length > 0);
    }, 20_000);
    const failing = await client.GET('/webhooks/{id}', { params: { path: { id: endpointId } } });
    expect(failing.data!.failingSince).toEqual(expect.any(String));

    await receiver.start();
    const expected: Record<string, string[]> = {
      [first!.id]: ['load.posted', 'load.edited', 'load.edited'],
      [second!.id]: ['load.posted', 'load.edited', 'load.withdrawn'],
    };
    await eventually(async () => {
      const pending = await WebhookDeliveryModel.countDocuments({ endpointId, status: 'pending' });
      return pending === 0;
    }, 60_000);
    for (const [loadId, types] of Object.entries(expected)) {
      const got = receiver.received.filter((r) => r.loadId === loadId);
      // At least once: a repeat keeps its webhook-id; in order: first arrivals follow the events.
      const firstSeen = got.filter((r, i) => got.findIndex((x) => x.id === r.id) === i).map((r) => r.type);
      expect(firstSeen).toEqual(types);
    }
    expect(receiver.rejected).toBe(0);

    // The log: attempts with status, time and excerpt; the endpoint's failure clock cleared.
    const log = await client.GET('/webhooks/{id}/deliveries', {
      params: { path: { id: endpointId }, query: {} },
    });
    const retried = log.data!.data.find((d) => d.attempts.length > 1)!;
    expect(retried.status).toBe('delivered');
    expect(retried.attempts.at(-1)).toMatchObject({
      status: 200,
      excerpt: 'thanks',
      durationMs: expect.any(Number),
    });
    expect(retried.attempts[0]!.status).toBeNull();
    const after = await client.GET('/webhooks/{id}', { params: { path: { id: endpointId } } });
    expect(after.data!.failingSince).toBeNull();

    const before = receiver.received.length;
    const replay = await client.POST('/webhook-deliveries/{id}/replay', {
      params: { path: { id: retried.id } },
      body: {},
    });
    expect(replay.response.status).toBe(200);
    await eventually(async () => receiver.received.length > before);
    expect(receiver.received.at(-1)!.id).toBe(retried.id);

    // Rotation: both secrets sign during the overlap; the receiver checks each.
    const rotated = await client.POST('/webhooks/{id}/rotate-secret', {
      params: { path: { id: endpointId } },
      body: {},
    });
    expect(rotated.data!.secret).not.toBe(created.data!.secret);
    expect(rotated.data!.endpoint.previousSecretExpiresAt).toEqual(expect.any(String));
    receiver.secrets = [created.data!.secret, rotated.data!.secret];
    const { data: third } = await client.POST('/loads', { body: loadInput({ title: 'Hook C' }) });
    await eventually(async () => receiver.received.find((r) => r.loadId === third!.id));
    expect(receiver.received.find((r) => r.loadId === third!.id)!.signatures).toBe(2);
    expect(receiver.rejected).toBe(0);
    await client.DELETE('/webhooks/{id}', { params: { path: { id: endpointId } } });
  });

  it("bookings and stops reach the carrier side too, stops with their X12 214 code; the stop's clock too", async () => {
    const created = await register();
    receiver.secrets = [created.data!.secret];
    const { data: load } = await client.POST('/loads', { body: loadInput({ title: 'Hook trip' }) });
    const asked = await carrier.post(`/api/freight/${load!.id}/book`, { message: 'Ready' });
    expect(asked.status, asked.text).toBe(201);
    const { data: requests } = await client.GET('/booking-requests', { params: { query: {} } });
    const request = requests!.data.find((r) => r.freightListingId === load!.id)!;
    await client.POST('/booking-requests/{id}/review', {
      params: { path: { id: request.id } },
      body: { status: 'approved' },
    });
    const stop = await carrier.post(`/api/freight/${load!.id}/stops`, { kind: 'arrived_pickup' });
    expect(stop.status, stop.text).toBe(201);
    // The report is also the pickup's arrival, checked in (the city's centre is no geofence): tracking.arrived.
    await eventually(async () =>
      receiver.received.find((r) => r.loadId === load!.id && r.type === 'tracking.arrived'),
    );
    const types = receiver.received.filter((r) => r.loadId === load!.id).map((r) => r.type);
    expect(types).toEqual([
      'load.posted',
      'booking.requested',
      'booking.reviewed',
      'load.status_changed',
      'tracking.stop',
      'tracking.arrived',
    ]);
    expect(receiver.received.find((r) => r.loadId === load!.id && r.type === 'tracking.stop')!.x12).toBe(
      'X3',
    );
    const arrived = receiver.received.find((r) => r.loadId === load!.id && r.type === 'tracking.arrived')!;
    expect(arrived.x12).toBe('X3');
    expect(arrived.visit).toMatchObject({ kind: 'pickup', source: 'check_in', facilityName: 'Chicago, IL' });
    await client.DELETE('/webhooks/{id}', { params: { path: { id: created.data!.endpoint.id } } });
  });

  it("a load offered to a carrier's posted truck reaches the poster's endpoint as offer.received, naming the post", async () => {
    const res = await client.POST('/webhooks', { body: { url: receiver.url(), events: ['offer.received'] } });
    receiver.secrets = [res.data!.secret];
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const truck = await carrier.post('/api/truck-posts', {
      originCity: 'Wells',
      originState: 'NV',
      availableFrom: tomorrow,
      availableTo: tomorrow,
      equipmentType: 'dry_van',
      destinationStates: ['UT'],
    });
    expect(truck.status, truck.text).toBe(201);
    const { data: load } = await client.POST('/loads', {
      body: loadInput({
        title: 'Hook truck offer',
        originCity: 'Elko',
        originState: 'NV',
        destinationCity: 'Salt Lake City',
        destinationState: 'UT',
        equipmentType: 'dry_van',
        pickupDate: tomorrow,
      }),
    });
    const offered = await shipper.post(`/api/truck-posts/${truck.body.id}/offers`, {
      loadId: load!.id,
      rate: 1500,
    });
    expect(offered.status, offered.text).toBe(201);
    const got = await eventually(async () =>
      receiver.received.find((r) => r.loadId === load!.id && r.type === 'offer.received'),
    );
    expect(got.signatures).toBe(1);
    const delivery = await WebhookDeliveryModel.findOne({ event: 'offer.received', loadId: load!.id }).lean();
    const body = JSON.parse(delivery!.body) as {
      data: { truckPostId: string; offer: { counterRate: number } };
    };
    expect(body.data).toMatchObject({ truckPostId: truck.body.id, offer: { counterRate: 1500 } });
    await client.DELETE('/webhooks/{id}', { params: { path: { id: res.data!.endpoint.id } } });
  });

  it('an endpoint failing for a day is disabled and its creator notified', async () => {
    const created = await register();
    const endpointId = created.data!.endpoint.id;
    await receiver.stop();
    await WebhookEndpointModel.updateOne(
      { _id: endpointId },
      { $set: { failingSince: new Date(Date.now() - 25 * 60 * 60 * 1000) } },
    );
    await client.POST('/loads', { body: loadInput({ title: 'Hook nobody hears' }) });
    await eventually(async () => {
      const e = await client.GET('/webhooks/{id}', { params: { path: { id: endpointId } } });
      return e.data!.status === 'disabled';
    }, 20_000);
    await app.rt.projectors.drain();
    const note = await eventually(() =>
      NotificationModel.findOne({
        userId: shipper.user!.id,
        title: 'A webhook endpoint was disabled',
      }).lean(),
    );
    expect(note!.body).toContain(receiver.url());
    await receiver.start();
  });
});

describe('the companies a delivery goes to', () => {
  /** A verified shipper who joins `owner`'s company by invitation. */
  async function joins(owner: TestClient) {
    const email = uniqueEmail('member');
    const invited = await owner.post('/api/company/invitations', { email, role: 'dispatcher' });
    expect(invited.status, invited.text).toBe(201);
    const c = await verifiedClient(app, 'shipper', { email, companyName: 'Solo Co' });
    const token = new URL(invited.body.link as string).pathname.replace(/^\/join\//, '');
    const joined = await c.post(`/api/company/invitations/${token}/accept`);
    expect(joined.status, joined.text).toBe(200);
    // Joining takes the company's verification; these test companies were verified on their owners only.
    await UserModel.updateOne({ _id: c.user!.id }, { $set: { isVerified: true } });
    return c;
  }
  async function endpointOf(owner: TestClient) {
    const key = await owner.post('/api/api-keys', { name: 'TMS', scopes: ['webhooks:manage'] });
    expect(key.status, key.text).toBe(201);
    const api = createClient<paths>({
      baseUrl: `${app.url}/api/v1`,
      headers: { Authorization: `Bearer ${(key.body as ApiKeyCreatedDto).secret}` },
    });
    const created = await api.POST('/webhooks', { body: { url: receiver.url(), events: ['load.posted'] } });
    expect(created.response.status).toBe(201);
    const id = created.data!.endpoint.id;
    return { id, remove: () => api.DELETE('/webhooks/{id}', { params: { path: { id } } }) };
  }

  it('are the companies stamped in the fact: a member who changes company afterwards does not redirect it', async () => {
    const ownerA = await verifiedClient(app, 'shipper', { companyName: 'Before Freight' });
    const ownerB = await verifiedClient(app, 'shipper', { companyName: 'After Freight' });
    const member = await joins(ownerA);
    receiver.secrets = []; // each endpoint has its own secret: this test reads the delivery log instead
    const a = await endpointOf(ownerA);
    const b = await endpointOf(ownerB);
    const [endpointA, endpointB] = [a.id, b.id];

    const posted = await member.post('/api/freight', webLoadInput({ title: 'Posted for A' }));
    expect(posted.status, posted.text).toBe(201);
    const loadId = posted.body.id as string;
    await eventually(async () => WebhookDeliveryModel.exists({ endpointId: endpointA, loadId }));

    // The member is now in B (set directly: someone who made loads cannot leave and join by invitation); the fact is
    // handled again, as a projector catching up after the move would.
    const endpointBDoc = await WebhookEndpointModel.findById(endpointB).lean();
    await UserModel.updateOne({ _id: member.user!.id }, { $set: { companyId: endpointBDoc!.companyId } });
    const fact = await DomainEventModel.findById(`load.posted:${loadId}`).lean<StoredDomainEvent>();
    await webhooksProjector.handle(toDomainEvent(fact!));

    expect(await WebhookDeliveryModel.countDocuments({ endpointId: endpointA, loadId })).toBe(1);
    expect(await WebhookDeliveryModel.countDocuments({ endpointId: endpointB, loadId })).toBe(0);
    await a.remove();
    await b.remove();
  });
});

describe('invoice and rating events (issue 40)', () => {
  const EVENTS = ['invoice.submitted', 'invoice.paid', 'rating.given', 'rating.changed'] as const;

  it("reach both the carrier's and the poster's endpoints, signed, in order, the invoice with its amounts", async () => {
    const posterHook = await client.POST('/webhooks', { body: { url: receiver.url(), events: [...EVENTS] } });
    expect(posterHook.response.status).toBe(201);
    const key = await carrier.post('/api/api-keys', { name: 'Carrier TMS', scopes: ['webhooks:manage'] });
    expect(key.status, key.text).toBe(201);
    const carrierApi = createClient<paths>({
      baseUrl: `${app.url}/api/v1`,
      headers: { Authorization: `Bearer ${(key.body as ApiKeyCreatedDto).secret}` },
    });
    const carrierHook = await carrierApi.POST('/webhooks', {
      body: { url: receiver.url('/carrier'), events: [...EVENTS] },
    });
    expect(carrierHook.response.status).toBe(201);
    receiver.secrets = [posterHook.data!.secret];
    receiver.secretsByPath = { '/carrier': [carrierHook.data!.secret] };
    const rejectedBefore = receiver.rejected;

    const loadId = await seedLoad({
      posterId: shipper.user!.id,
      carrierId: carrier.user!.id,
      status: 'delivered',
      title: 'Hook invoice',
    });
    const sent = await carrier.post('/api/invoices', { loadId });
    expect(sent.status, sent.text).toBe(201);
    const invoiceId = sent.body.id as string;
    // Approved (an event neither endpoint chose), then paid; then the poster rates the carrier, and changes it.
    const approved = await shipper.post(`/api/invoices/${invoiceId}/approve`, { version: 1 });
    expect(approved.status, approved.text).toBe(200);
    const paid = await shipper.post(`/api/invoices/${invoiceId}/pay`, { version: 2, reference: 'ACH 77' });
    expect(paid.status, paid.text).toBe(200);
    const rated = await shipper.post(`/api/freight/${loadId}/rating`, { overall: 4 });
    expect(rated.status, rated.text).toBe(201);
    const changed = await shipper.patch(`/api/freight/${loadId}/rating`, {
      overall: 5,
      comment: 'Clean papers',
    });
    expect(changed.status, changed.text).toBe(200);

    const expected = ['invoice.submitted', 'invoice.paid', 'rating.given', 'rating.changed'];
    const typesAt = (path: string) => {
      const got = receiver.received.filter((r) => r.loadId === loadId && r.path === path);
      // At least once: first arrivals, in order.
      return got.filter((r, i) => got.findIndex((x) => x.id === r.id) === i).map((r) => r.type);
    };
    await eventually(async () => typesAt('/hook').length === 4 && typesAt('/carrier').length === 4, 30_000);
    expect(typesAt('/hook')).toEqual(expected);
    expect(typesAt('/carrier')).toEqual(expected);
    expect(receiver.rejected).toBe(rejectedBefore);

    const bodyOf = async (event: string) => {
      const d = await WebhookDeliveryModel.findOne({
        endpointId: posterHook.data!.endpoint.id,
        event,
      }).lean();
      return JSON.parse(d!.body) as { type: string; data: Record<string, unknown> };
    };
    const paidBody = await bodyOf('invoice.paid');
    expect(paidBody.data).toMatchObject({
      loadId,
      invoice: {
        id: invoiceId,
        status: 'paid',
        currency: 'USD',
        totalCents: 285050,
        amountsHidden: false,
        paymentReference: 'ACH 77',
        lines: [{ index: 0, kind: 'linehaul', amountCents: 285050, dispute: null }],
        pdfUrl: `/api/v1/invoices/${invoiceId}/invoice.pdf`,
      },
    });
    const invoice = paidBody.data.invoice as Record<string, unknown>;
    expect(invoice).not.toHaveProperty('viewerActions');
    expect(invoice).not.toHaveProperty('quickPayOffer');
    expect((await bodyOf('rating.changed')).data).toMatchObject({
      loadId,
      rating: {
        loadId,
        overall: 5,
        comment: 'Clean papers',
        fromSide: 'poster',
        toCompanyId: carrier.user!.id,
      },
      previous: { overall: 4, comment: null },
    });

    await client.DELETE('/webhooks/{id}', { params: { path: { id: posterHook.data!.endpoint.id } } });
    await carrierApi.DELETE('/webhooks/{id}', { params: { path: { id: carrierHook.data!.endpoint.id } } });
    receiver.secretsByPath = {};
  });
});
