// Growth (issue #11 §5): each hot path's latency with `large` stored documents ÷ with `small`, for one user who owns
// the same small, fixed amount of data at both sizes, while the marketplace around them grows (many other users'
// loads, chat messages, notifications, documents, booking requests, offers, shipments, routes). A flat hot path reads
// the user's own documents only, so the ratio stays near 1 (goal ≤ 1.5).
import { DOCUMENT_DAYS_BACKFILL } from '@freight/server/features/documents/expiry';
import { LEGACY_SWEEP } from '@freight/server/features/freight/bookingJournal/repair';
import { MaintenanceMarkModel } from '@freight/server/infra/maintenanceMarks';
import { openChatRoom } from '@freight/server/features/tracking/chat/rooms';
import { FreightModel } from '@freight/server/features/freight/model';
import { BookingRequestModel } from '@freight/server/features/freight/bookingRequests/model';
import { BrokerShipperModel } from '@freight/server/features/freight/brokerShippers/model';
import { NegotiationModel } from '@freight/server/features/freight/negotiations/model';
import { NotificationModel } from '@freight/server/features/notifications/model';
import { DocumentModel } from '@freight/server/features/documents/model';
import { SmallShipmentModel } from '@freight/server/features/smallShipments/model';
import { DriverRouteModel } from '@freight/server/features/smallShipments/driverRouteModel';
import {
  ChatMessageModel,
  ChatReadMarkerModel,
  ChatRoomModel,
} from '@freight/server/features/tracking/model';
import { UserModel } from '@freight/server/features/users/model';
import mongoose, { Types, type Model } from 'mongoose';
import {
  BenchClient,
  round,
  startServer,
  summarize,
  type BenchContext,
  type ScenarioResult,
  type ServerProcess,
  twoColumns,
  worldSizes,
} from '../lib';
import { seed as seedLoads } from './loadBoard';

const DAY = 24 * 60 * 60 * 1000;
const OTHER_USERS = 1000;
const STATES = ['CA', 'GA', 'CO', 'WA', 'NJ', 'OH', 'AZ', 'TN'];
const BATCH = 5000;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const MODELS: Array<Model<any>> = [
  FreightModel,
  ChatRoomModel,
  ChatMessageModel,
  ChatReadMarkerModel,
  NotificationModel,
  DocumentModel,
  BookingRequestModel,
  NegotiationModel,
  BrokerShipperModel,
  SmallShipmentModel,
  DriverRouteModel,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function insertRange(model: Model<any>, from: number, to: number, doc: (n: number) => object) {
  for (let i = from; i < to; i += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, to - i) }, (_, k) => doc(i + k));
    await model.insertMany(docs, { ordered: false });
  }
}

/** Other users' documents number `from` to `to - 1` in every hot collection (none of them the measured users'). */
async function seedMarketplace(others: Types.ObjectId[], from: number, to: number) {
  const who = (n: number, salt = 0) => others[(n * 7 + salt) % others.length];
  const now = Date.now();
  await seedLoads(
    to,
    from,
    (n) => who(n),
    (n) => who(n, 3),
  );
  // One chat room per 50 messages (rooms of booked loads that are not the measured ones).
  const firstRoom = Math.ceil(from / 50);
  const lastRoom = Math.ceil(to / 50);
  await insertRange(ChatRoomModel, firstRoom, lastRoom, (r) => ({
    _id: new Types.ObjectId(roomIdHex(r)),
    freightListingId: new Types.ObjectId(),
    shipperId: who(r),
    carrierId: who(r, 1),
  }));
  await insertRange(ChatMessageModel, from, to, (n) => ({
    chatRoomId: new Types.ObjectId(roomIdHex(Math.floor(n / 50))),
    freightListingId: new Types.ObjectId(),
    seq: (n % 50) + 1,
    userId: who(Math.floor(n / 50), n % 2),
    message: `Message ${n}`,
    clientMessageId: `bg-${n}`,
  }));
  await insertRange(ChatReadMarkerModel, firstRoom, lastRoom, (r) => ({
    chatRoomId: new Types.ObjectId(roomIdHex(r)),
    userId: who(r),
    lastReadSeq: 25,
  }));
  await insertRange(NotificationModel, from, to, (n) => ({
    userId: who(n),
    kind: 'general',
    title: `Notification ${n}`,
    readAt: n % 3 === 0 ? null : new Date(now),
    dedupeKey: `bg-${n}`,
  }));
  // Reviewed documents only: the admin queue holds the same few pending ones at both sizes (a queue that is worked).
  await insertRange(DocumentModel, from, to, (n) => ({
    userId: who(n),
    documentType: 'insurance',
    fileName: `doc-${n}.pdf`,
    storageKey: `bench-${n}`,
    fileSize: 1000,
    mimeType: 'application/pdf',
    status: ['approved', 'approved', 'rejected', 'expired'][n % 4],
    expirationDate: new Date(now + (60 + (n % 300)) * DAY),
    uploadedAt: new Date(now - (n % 100) * DAY),
  }));
  await insertRange(BookingRequestModel, from, to, (n) => ({
    freightListingId: new Types.ObjectId(),
    carrierId: who(n, 1),
    shipperId: who(n),
    status: ['pending', 'approved', 'rejected'][n % 3],
    pendingKey: `bg-${n}`,
  }));
  await insertRange(NegotiationModel, from, to, (n) => ({
    freightListingId: new Types.ObjectId(),
    carrierId: who(n, 1),
    brokerId: who(n),
    proposedRateCents: 100_000 + n,
    status: ['pending', 'accepted', 'rejected'][n % 3],
    expiresAt: new Date(now + DAY),
  }));
  await insertRange(BrokerShipperModel, from, to, (n) => ({
    brokerId: who(n),
    shipperId: new Types.ObjectId(),
  }));
  // Shipments on lanes other than the measured route's (its matches stay the same few at both sizes).
  await insertRange(SmallShipmentModel, from, to, (n) => ({
    shipperId: who(n),
    title: `Shipment ${n}`,
    itemDescription: 'Boxes',
    originCity: 'Springfield',
    originState: STATES[n % STATES.length],
    destinationCity: 'Dallas',
    destinationState: 'TX',
    offerPriceCents: 10_000,
    status: ['posted', 'matched', 'cancelled'][n % 3],
  }));
  await insertRange(DriverRouteModel, from, to, (n) => ({
    driverId: who(n, 1),
    title: `Route ${n}`,
    originCity: 'Springfield',
    originState: STATES[n % STATES.length],
    destinationCity: 'Dallas',
    destinationState: 'TX',
    departureDate: new Date(now + (n % 30) * DAY),
    vehicleType: 'van',
  }));
}

const roomIdHex = (r: number) => `bbbbbbbb${r.toString(16).padStart(16, '0')}`;

interface Measured {
  shipper: BenchClient;
  carrier: BenchClient;
  broker: BenchClient;
  admin: BenchClient;
  driver: BenchClient;
  chatLoadId: string;
  routeId: string;
}

/** The measured users (signed up through the API) and their fixed data. */
async function seedMeasured(baseUrl: string): Promise<Measured> {
  const [shipper, carrier, broker, admin, driver] = await Promise.all([
    new BenchClient(baseUrl).signUp('shipper', 'growth-shipper'),
    new BenchClient(baseUrl).signUp('carrier', 'growth-carrier'),
    new BenchClient(baseUrl).signUp('broker', 'growth-broker'),
    new BenchClient(baseUrl).signUp('carrier', 'growth-admin'),
    new BenchClient(baseUrl).signUp('carrier', 'growth-driver'),
  ]);
  const now = Date.now();
  const S = new Types.ObjectId(shipper.userId);
  const C = new Types.ObjectId(carrier.userId);
  const B = new Types.ObjectId(broker.userId);
  // Made an admin as `npm run create-admin` makes one; an admin then needs two-factor sign-in for the admin area.
  await UserModel.updateOne({ _id: admin.userId }, { $set: { userType: 'admin' } });
  await admin.turnOnTwoFactor();
  await UserModel.updateOne({ _id: driver.userId }, { $set: { userType: 'individual_driver' } });
  await UserModel.updateMany({ _id: { $in: [C, B] } }, { $set: { isVerified: true } });
  await UserModel.updateOne(
    { _id: S },
    {
      $set: {
        subscriptionStatus: 'active',
        subscriptionPlan: 'shipper_basic',
        subscriptionExpiresAt: new Date(now + 20 * DAY),
      },
    },
  );
  const load = (n: number, owner: Types.ObjectId, extra: object) => ({
    userId: owner,
    shipperId: owner,
    title: `Chicago, IL to Dallas, TX #${n}`,
    originCity: 'Chicago',
    originState: 'IL',
    destinationCity: 'Dallas',
    destinationState: 'TX',
    originLat: 41.8781,
    originLng: -87.6298,
    destinationLat: 32.7767,
    destinationLng: -96.797,
    equipmentType: 'dry_van',
    rateCents: 250_000,
    distance: 925,
    status: 'available',
    ...extra,
  });
  const statuses = ['booked', 'in_transit', 'delivered'];
  const loads = await FreightModel.insertMany([
    ...Array.from({ length: 10 }, (_, n) => load(n, S, {})),
    ...Array.from({ length: 6 }, (_, n) => load(10 + n, S, { carrierId: C, status: statuses[n % 3] })),
    ...Array.from({ length: 10 }, (_, n) =>
      load(20 + n, B, n < 2 ? { brokerId: B, carrierId: C, status: 'booked' } : { brokerId: B }),
    ),
  ]);
  const booked = loads.filter((l) => l.carrierId);
  for (const l of booked) {
    await openChatRoom({
      freightId: String(l._id),
      shipperId: String(l.userId),
      carrierId: String(l.carrierId),
    });
  }
  const chatLoad = booked[0];
  const room = await ChatRoomModel.findOne({ freightListingId: chatLoad._id }).lean();
  await ChatMessageModel.insertMany(
    Array.from({ length: 40 }, (_, n) => ({
      chatRoomId: room!._id,
      freightListingId: chatLoad._id,
      seq: n + 1,
      userId: n % 2 ? C : S,
      message: `Fixed message ${n}`,
      clientMessageId: `fixed-${n}`,
    })),
  );
  await ChatReadMarkerModel.create({ chatRoomId: room!._id, userId: S, lastReadSeq: 30 });
  const available = loads.filter((l) => l.status === 'available' && String(l.userId) === String(S));
  await BookingRequestModel.insertMany(
    available.slice(0, 8).map((l) => ({
      freightListingId: l._id,
      carrierId: C,
      shipperId: S,
      pendingKey: `${String(l._id)}:${String(C)}`,
    })),
  );
  await NotificationModel.insertMany(
    Array.from({ length: 25 }, (_, n) => ({
      userId: n < 20 ? S : C,
      kind: 'general',
      title: `Fixed ${n}`,
      readAt: n % 2 ? new Date() : null,
    })),
  );
  await DocumentModel.insertMany(
    Array.from({ length: 10 }, (_, n) => ({
      userId: C,
      documentType: 'insurance',
      fileName: `fixed-${n}.pdf`,
      storageKey: `fixed-${n}`,
      fileSize: 1000,
      mimeType: 'application/pdf',
      status: n < 4 ? 'pending' : 'approved',
      expirationDate: new Date(now + 200 * DAY),
      uploadedAt: new Date(now - n * DAY),
    })),
  );
  await NegotiationModel.insertMany(
    loads
      .filter((l) => String(l.brokerId) === String(B))
      .slice(0, 5)
      .map((l) => ({
        freightListingId: l._id,
        carrierId: C,
        brokerId: B,
        proposedRateCents: 240_000,
        expiresAt: new Date(now + DAY),
      })),
  );
  await BrokerShipperModel.insertMany(
    Array.from({ length: 3 }, () => ({ brokerId: B, shipperId: new Types.ObjectId() })),
  );
  await SmallShipmentModel.insertMany(
    Array.from({ length: 5 }, (_, n) => ({
      shipperId: S,
      title: `Fixed shipment ${n}`,
      itemDescription: 'Boxes',
      originCity: 'Chicago',
      originState: 'IL',
      destinationCity: 'Dallas',
      destinationState: 'TX',
      offerPriceCents: 10_000,
    })),
  );
  const route = await DriverRouteModel.create({
    driverId: new Types.ObjectId(driver.userId),
    title: 'Chicago to Dallas',
    originCity: 'Chicago',
    originState: 'IL',
    destinationCity: 'Dallas',
    destinationState: 'TX',
    departureDate: new Date(now + 3 * DAY),
    vehicleType: 'van',
  });
  return {
    shipper,
    carrier,
    broker,
    admin,
    driver,
    chatLoadId: String(chatLoad._id),
    routeId: String(route._id),
  };
}

type Path = {
  name: string;
  client: (m: Measured) => BenchClient;
  method?: string;
  path: (m: Measured) => string;
};

/** Every hot path of issue #11 §2, as the web app calls it (and the board's first page, anonymous). */
const PATHS: Path[] = [
  {
    name: 'board, first page (anonymous)',
    client: (m) => new BenchClient(m.shipper.baseUrl),
    path: () => '/api/freight',
  },
  { name: 'chat history page', client: (m) => m.shipper, path: (m) => `/api/freight/${m.chatLoadId}/chat` },
  {
    name: 'chat send',
    client: (m) => m.carrier,
    method: 'POST',
    path: (m) => `/api/freight/${m.chatLoadId}/chat/message`,
  },
  { name: 'unread counts (nav total)', client: (m) => m.shipper, path: () => '/api/tracking/unread' },
  { name: 'notifications page + bell count', client: (m) => m.shipper, path: () => '/api/notifications' },
  { name: 'documents list', client: (m) => m.carrier, path: () => '/api/documents' },
  { name: 'admin document queue', client: (m) => m.admin, path: () => '/api/admin/documents/pending' },
  { name: 'booking requests (shipper)', client: (m) => m.shipper, path: () => '/api/booking-requests' },
  {
    name: "booking requests (carrier's own)",
    client: (m) => m.carrier,
    path: () => '/api/booking-requests/mine',
  },
  { name: 'tracked loads', client: (m) => m.shipper, path: () => '/api/tracking/loads' },
  { name: 'my listings', client: (m) => m.shipper, path: () => '/api/freight/my-listings' },
  { name: 'Broker Hub freight', client: (m) => m.broker, path: () => '/api/broker/freight' },
  { name: 'Broker Hub stats', client: (m) => m.broker, path: () => '/api/broker/stats' },
  { name: 'Broker Hub negotiations', client: (m) => m.broker, path: () => '/api/broker/negotiations' },
  { name: 'Broker Hub shippers', client: (m) => m.broker, path: () => '/api/broker/shippers' },
  { name: 'small shipments (mine)', client: (m) => m.shipper, path: () => '/api/small-shipments' },
  { name: 'route matches', client: (m) => m.driver, path: (m) => `/api/driver-routes/${m.routeId}/matches` },
  {
    name: 'subscription usage (countUsage)',
    client: (m) => m.shipper,
    path: () => '/api/subscriptions/usage',
  },
];

async function timeOnce(m: Measured, p: Path, tag: string): Promise<number> {
  const body = p.method === 'POST' ? { message: `Growth ${tag}`, clientMessageId: `g-${tag}` } : undefined;
  const t = performance.now();
  await p.client(m).json(p.method ?? 'GET', p.path(m), body);
  return performance.now() - t;
}

/** Points the bench's own connection (the models the seeding writes through) at another database. */
async function useDatabase(ctx: BenchContext, dbName: string) {
  await mongoose.disconnect();
  await mongoose.connect(ctx.mongoUri, { dbName });
}

interface World {
  size: number;
  database: string;
  server: ServerProcess;
  measured: Measured;
}

export async function hotPathGrowth(
  ctx: BenchContext,
  sizes: [number, number],
  samples: number,
): Promise<ScenarioResult> {
  const others = Array.from({ length: OTHER_USERS }, () => new Types.ObjectId());
  const byPath = new Map<string, Array<ReturnType<typeof summarize>>>();
  // One database and one server process per size, both running while the paths are timed.
  const worlds: World[] = [];
  const databases: string[] = [];
  try {
    for (const size of worldSizes(sizes)) {
      const database = `${ctx.database}_g${size}`;
      databases.push(database);
      await useDatabase(ctx, database);
      await Promise.all(MODELS.map((model) => model.createIndexes()));
      const t = performance.now();
      await seedMarketplace(others, 0, size);
      ctx.log(
        `  growth: seeded ${size} documents per collection (${round((performance.now() - t) / 1000, 1)} s)`,
      );
      // The seeded documents are this version's, not data from before the booking journal or the document days:
      // the one-time upgrade passes have nothing to do (the booking sweep would "repair" every seeded request).
      await Promise.all(
        [LEGACY_SWEEP, DOCUMENT_DAYS_BACKFILL].map((mark) =>
          MaintenanceMarkModel.updateOne({ _id: mark }, { $set: { at: new Date() } }, { upsert: true }),
        ),
      );
      const started = performance.now();
      const server = await startServer(ctx, {
        services: 'web',
        env: { MONGODB_DB: database, REDIS_PREFIX: `${database}:` },
      });
      ctx.log(
        `  growth: server started at ${size} documents in ${round((performance.now() - started) / 1000, 1)} s`,
      );
      worlds.push({ size, database, server, measured: await seedMeasured(server.url) });
    }
    // Interleaved: each sample goes to the small world and then to the large one, so both are timed under the same
    // machine load (a ratio of two runs minutes apart measures the load as much as the data).
    // Two warm-up rounds first; none at the tiny size, whose figures mean nothing.
    const warmUps = ctx.size === 'tiny' ? 0 : 2;
    const columns = twoColumns(worlds);
    for (const p of PATHS) {
      const times = columns.map(() => [] as number[]);
      for (let i = -warmUps; i < samples; i++) {
        for (const [w, world] of columns.entries()) {
          const ms = await timeOnce(world.measured, p, `${world.size}-${i}`);
          if (i >= 0) times[w].push(ms);
        }
      }
      const summaries = times.map((t) => summarize(t));
      ctx.log(`    ${p.name}: p50 ${summaries.map((s, w) => `${s.p50} ms @ ${columns[w].size}`).join(', ')}`);
      byPath.set(p.name, summaries);
    }
  } finally {
    for (const world of worlds) await world.server.stop();
    // Dropped whole: a deleteMany of 100,000 documents exceeds FerretDB's statement parameters.
    for (const database of databases) {
      await useDatabase(ctx, database);
      await mongoose.connection.db?.dropDatabase().catch(() => undefined);
    }
    await useDatabase(ctx, ctx.database);
  }
  const [small, large] = sizes;
  const rows = PATHS.map((p) => {
    const [a, b] = byPath.get(p.name)!;
    const growth = round(b.p50 / Math.max(a.p50, 0.1), 2);
    return {
      path: p.name,
      [`p50 ms @ ${small}`]: a.p50,
      [`p50 ms @ ${large}`]: b.p50,
      [`p95 ms @ ${large}`]: b.p95,
      [`growth (p50 ${large} ÷ ${small})`]: growth,
      'goal ≤ 1.5': growth <= 1.5 ? 'met' : 'NOT met',
    };
  });
  for (const r of rows) ctx.log(`  ${r.path}: ×${r[`growth (p50 ${large} ÷ ${small})`]}`);
  return {
    name: `Growth: hot paths at ${large} ÷ ${small} stored documents per collection (${ctx.mongoKind})`,
    parameters: { sizes, samplesPerPath: samples, otherUsers: OTHER_USERS },
    rows,
    notes: [
      `Each hot collection (loads, chat rooms/messages/read markers, notifications, documents, booking requests, negotiations, broker shippers, small shipments, driver routes) holds ${small}, then ${large} documents of ${OTHER_USERS} other users; the measured shipper, carrier, broker and admin own the same fixed data at both sizes (26 loads, 40 chat messages, 25 notifications, 10 documents of which 4 pending, 8 booking requests, 5 negotiations, 3 shippers, 5 shipments, 1 route of a fifth user, a driver).`,
      "Both sizes live at once, each in its own database with its own server process; every path is timed with sequential requests alternating between the two (after two warm-up rounds), so both sizes see the same machine load. The other users' documents are reviewed (the admin queue holds the same 4 pending at both sizes) and their shipments are on other lanes (the route has the same 5 matches): the answer stays the same size, only what surrounds it grows.",
    ],
    extra: {
      goals: rows.map((r) => ({
        figure: `growth: ${r.path}`,
        value: r[`growth (p50 ${large} ÷ ${small})`],
        goal: '≤ 1.5',
      })),
    },
  };
}
