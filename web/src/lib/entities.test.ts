import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingRequestDto, FreightListingDto, LoadInterestDto, NegotiationDto } from '@freight/shared';
import {
  getEntity,
  patchEntity,
  removeEntity,
  resetEntities,
  upsertEntity,
  useEntityStore,
} from './entities';
import { createListStore } from './resourceStore';

vi.mock('../components/ui/toaster', () => ({ notify: vi.fn() }));

const { socketRoutes } = await import('../stores/socketRoutes');
const { useBookingRequestsStore } = await import('../stores/bookingRequests');
const { useMyRequestsStore } = await import('../stores/workspace');
const { usePosterLoadStore } = await import('../stores/posterLoad');

/** Answers each path from `answers` (the network, not our stores: those run for real). */
function stubServer(answers: Record<string, unknown>) {
  const fetch = vi.fn(async (path: string) => {
    const key = Object.keys(answers).find((prefix) => path.startsWith(prefix));
    if (!key) return new Response('{"error":"not found"}', { status: 404 });
    return new Response(JSON.stringify(answers[key]), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

const listing = { id: 'f1', title: 'Steel coils', status: 'available' } as FreightListingDto;
const pending = {
  id: 'r1',
  freightListingId: 'f1',
  status: 'pending',
  freightTitle: 'Steel coils',
} as BookingRequestDto;
const approved = {
  ...pending,
  status: 'approved',
  reviewedAt: '2026-01-02T00:00:00.000Z',
} as BookingRequestDto;

/** The load as a reload read it, and as the booking's push (a second later) carries it. */
const posted = { ...listing, updatedAt: '2026-01-02T10:00:00.000Z' };
const booked = { ...listing, status: 'booked', updatedAt: '2026-01-02T10:00:01.000Z' } as FreightListingDto;

describe('the entity layer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useBookingRequestsStore.setState(useBookingRequestsStore.getInitialState());
    useMyRequestsStore.setState(useMyRequestsStore.getInitialState());
    usePosterLoadStore.setState(usePosterLoadStore.getInitialState());
    resetEntities();
  });

  it('shows one upsert in every list holding the entity, from one copy', async () => {
    const offer = { id: 'n1', status: 'pending', proposedRate: 1800 } as NegotiationDto;
    const mine = createListStore<NegotiationDto>({
      name: 'offers',
      entities: { items: 'negotiation' },
      fetch: async () => page([offer]),
    });
    const received = createListStore<NegotiationDto>({
      name: 'offers received',
      entities: { items: 'negotiation' },
      fetch: async () => page([{ ...offer }]),
    });
    await mine.getState().load();
    await received.getState().load();

    upsertEntity('negotiation', { ...offer, status: 'counter_offered', counterRate: 1900 });

    const kept = getEntity('negotiation', 'n1');
    expect(kept).toMatchObject({ status: 'counter_offered', counterRate: 1900 });
    expect(mine.getState().items[0]).toBe(kept);
    expect(received.getState().items[0]).toBe(kept);
    expect(mine.getState().ids).toEqual(['n1']);
  });

  it('a patch made through one list shows in the other', async () => {
    const a = createListStore<NegotiationDto>({
      name: 'a',
      entities: { items: 'negotiation' },
      fetch: async () => page([{ id: 'n2', status: 'pending' } as NegotiationDto]),
    });
    const b = createListStore<NegotiationDto>({
      name: 'b',
      entities: { items: 'negotiation' },
      fetch: async () => page([{ id: 'n2', status: 'pending' } as NegotiationDto]),
    });
    await a.getState().load();
    await b.getState().load();
    a.getState().patch('n2', { status: 'rejected' });
    expect(b.getState().items[0].status).toBe('rejected');
  });

  it('a socket event and the REST answer of a review converge on one copy in every screen', async () => {
    stubServer({
      '/api/booking-requests?status=pending': page([pending]),
      '/api/booking-requests/mine?status=all': page([pending]),
      '/api/freight/f1/interest': { id: 'f1', listing, requests: [pending], offers: [] } as LoadInterestDto,
    });
    await useBookingRequestsStore.getState().load();
    await useMyRequestsStore.getState().load();
    await usePosterLoadStore.getState().load('f1');

    // The socket event lands first: the poster's page and My Loads show the outcome; the pending card drops it.
    socketRoutes['booking:reviewed']?.({ request: approved, listing: null });
    const pageRequest = () => usePosterLoadStore.getState().byId.f1?.data?.requests[0];
    expect(pageRequest()).toMatchObject({ status: 'approved' });
    expect(useMyRequestsStore.getState().items[0]).toBe(pageRequest());
    expect(useBookingRequestsStore.getState()).toMatchObject({ items: [], total: 0 });

    // Then the REST answer (the page reloads after its review): the same fact, the same single copy.
    stubServer({
      '/api/booking-requests/r1/review': { message: 'Booking request approved' },
      '/api/freight/f1/interest': {
        id: 'f1',
        listing: { ...listing, status: 'booked' },
        requests: [{ ...approved }],
        offers: [],
      } as LoadInterestDto,
    });
    await usePosterLoadStore.getState().review('f1', 'r1', 'approved');
    const kept = getEntity('bookingRequest', 'r1');
    expect(kept).toMatchObject({ status: 'approved' });
    expect(pageRequest()).toBe(kept);
    expect(useMyRequestsStore.getState().items[0]).toBe(kept);
    expect(usePosterLoadStore.getState().byId.f1?.data?.listing).toBe(getEntity('load', 'f1'));
    expect(getEntity('load', 'f1')?.status).toBe('booked');
  });

  it('a review’s REST answer goes the event’s way: every screen shows the outcome from its one copy', async () => {
    stubServer({
      '/api/booking-requests?status=pending': page([pending]),
      '/api/booking-requests/mine?status=all': page([pending]),
    });
    await useBookingRequestsStore.getState().load();
    await useMyRequestsStore.getState().load();
    stubServer({
      '/api/booking-requests/r1/review': {
        message: 'Booking request approved',
        request: approved,
        listing: null,
      },
      '/api/booking-requests?status=pending': page([]),
    });
    await expect(useBookingRequestsStore.getState().review('r1', 'approved')).resolves.toBe(
      'Booking request approved',
    );
    // My Loads was not read again: the answer reached it through the entity.
    expect(useMyRequestsStore.getState().items[0]).toMatchObject({ status: 'approved' });
    expect(useMyRequestsStore.getState().items[0]).toBe(getEntity('bookingRequest', 'r1'));
    expect(useBookingRequestsStore.getState()).toMatchObject({ items: [], total: 0 });
  });

  it('a load edited on the board reaches the requests made for it', async () => {
    stubServer({ '/api/booking-requests/mine?status=all': page([pending]) });
    await useMyRequestsStore.getState().load();
    socketRoutes['freight:updated']?.({
      listing: {
        ...listing,
        title: 'Steel coils (revised)',
        rate: 2100,
        originCity: 'Gary',
        originState: 'IN',
        destinationCity: 'Dayton',
        destinationState: 'OH',
      },
    });
    expect(useMyRequestsStore.getState().items[0]).toMatchObject({
      freightTitle: 'Steel coils (revised)',
      freightRate: 2100,
      freightOrigin: 'Gary, IN',
    });
  });

  it('an entity removed leaves every list and its count', async () => {
    const a = createListStore<NegotiationDto>({
      name: 'a',
      entities: { items: 'negotiation' },
      fetch: async () => page([{ id: 'n3' }, { id: 'n4' }] as NegotiationDto[]),
    });
    const b = createListStore<NegotiationDto>({
      name: 'b',
      entities: { items: 'negotiation' },
      fetch: async () => page([{ id: 'n3' }] as NegotiationDto[]),
    });
    await a.getState().load();
    await b.getState().load();
    removeEntity('negotiation', 'n3');
    expect(a.getState()).toMatchObject({ ids: ['n4'], total: 1 });
    expect(b.getState()).toMatchObject({ ids: [], items: [], total: 0 });
    expect(getEntity('negotiation', 'n3')).toBeUndefined();
  });

  it('a list drops an item from itself alone; the entity stays for the others', async () => {
    stubServer({
      '/api/booking-requests?status=pending': page([pending]),
      '/api/booking-requests/mine?status=all': page([pending]),
    });
    await useBookingRequestsStore.getState().load();
    await useMyRequestsStore.getState().load();
    useBookingRequestsStore.getState().remove('r1');
    expect(useBookingRequestsStore.getState().items).toEqual([]);
    expect(useMyRequestsStore.getState().items).toEqual([pending]);
  });

  it('a repeated copy changes nothing and re-renders nothing', () => {
    upsertEntity('bookingRequest', pending);
    const before = useEntityStore.getState().tables;
    upsertEntity('bookingRequest', { ...pending });
    patchEntity('bookingRequest', 'r1', { status: 'pending' });
    expect(useEntityStore.getState().tables).toBe(before);
  });

  it('keeps a copy over one the server read before it, and takes a copy of the same moment', () => {
    upsertEntity('load', booked); // the push of the booking...
    expect(upsertEntity('load', posted)).toBe(getEntity('load', 'f1')); // ...then a reload read before it
    expect(getEntity('load', 'f1')).toMatchObject({ status: 'booked' });
    upsertEntity('load', { ...booked, title: 'Renamed' });
    expect(getEntity('load', 'f1')).toMatchObject({ status: 'booked', title: 'Renamed' });
  });

  it('a poster’s page shows the load booked when a reload read before the booking answers after its push', async () => {
    const interest = (l: FreightListingDto) =>
      ({ id: 'f1', listing: l, requests: [], offers: [] }) as LoadInterestDto;
    stubServer({ '/api/freight/f1/interest': interest(posted) });
    await usePosterLoadStore.getState().load('f1');
    const answers: Array<(r: Response) => void> = [];
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => answers.push(resolve)));
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    const reload = usePosterLoadStore.getState().load('f1'); // read before the booking...
    usePosterLoadStore.getState().receiveListing(booked); // ...whose push arrives first, and asks for a read after it
    answers[0]!(json(interest(posted)));
    await reload;
    expect(usePosterLoadStore.getState().byId.f1?.data?.listing).toMatchObject({ status: 'booked' });
    expect(answers).toHaveLength(2);
    answers[1]!(json(interest(booked)));
    await vi.waitFor(() => expect(usePosterLoadStore.getState().byId.f1?.status).toBe('loaded'));
    expect(usePosterLoadStore.getState().byId.f1?.data?.listing).toMatchObject({ status: 'booked' });
    expect(getEntity('load', 'f1')).toMatchObject({ status: 'booked' });
  });

  it('keeps the viewer’s actions on a load when a push carries none', () => {
    upsertEntity('load', { ...listing, viewerActions: { book: 'allowed' } });
    upsertEntity('load', { ...listing, title: 'Renamed' });
    expect(getEntity('load', 'f1')).toMatchObject({ title: 'Renamed', viewerActions: { book: 'allowed' } });
  });

  it('keeps a load’s stop details when a push leaves them out (not told), and takes null as cleared (issue 39)', () => {
    const pickupStop = {
      facilityName: 'Sierra Cold Storage',
      address: '1200 Commerce Way',
      dockNotes: null,
      appointment: { kind: 'fcfs' as const, time: null, endTime: null },
      pickupNumber: 'PU-1',
      poNumber: null,
      bolNumber: null,
      contactName: null,
      contactPhone: null,
    };
    upsertEntity('load', { ...listing, pickupStop, deliveryStop: null });
    upsertEntity('load', { ...listing, title: 'Renamed' });
    expect(getEntity('load', 'f1')).toMatchObject({ title: 'Renamed', pickupStop, deliveryStop: null });
    upsertEntity('load', { ...listing, title: 'Renamed', pickupStop: null, deliveryStop: null });
    expect(getEntity('load', 'f1')?.pickupStop).toBeNull();
  });
});
