// Test support (API, socket and e2e tests): booked loads seeded directly, as the booking flow would leave them.
import type { FreightStatus } from '@freight/shared';
import { FreightModel } from '../freight/model';
import { openChatRoom } from './chat/rooms';

export interface SeedLoadOptions {
  posterId: string;
  carrierId?: string | null;
  status?: FreightStatus;
  brokerId?: string | null;
  title?: string;
  /** Open the chat room as booking does (default: whenever a carrier is set and the load is not available). */
  openChat?: boolean;
}

export async function seedLoad(opts: SeedLoadOptions): Promise<string> {
  const status = opts.status ?? (opts.carrierId ? 'booked' : 'available');
  const load = await FreightModel.create({
    userId: opts.posterId,
    shipperId: opts.brokerId ? null : opts.posterId,
    brokerId: opts.brokerId ?? null,
    carrierId: opts.carrierId ?? null,
    title: opts.title ?? 'Steel coils to Dallas',
    originCity: 'Chicago',
    originState: 'IL',
    destinationCity: 'Dallas',
    destinationState: 'TX',
    equipmentType: 'flatbed',
    commodity: 'Steel coils',
    weight: 42000,
    rateCents: 285050,
    distance: 925,
    pickupDate: new Date('2030-03-01T14:00:00Z'),
    deliveryDate: new Date('2030-03-03T14:00:00Z'),
    isUrgent: true,
    status,
  });
  const freightId = String(load._id);
  if (opts.carrierId && (opts.openChat ?? status !== 'available')) {
    await openChatRoom({ freightId, shipperId: opts.posterId, carrierId: opts.carrierId });
  }
  return freightId;
}

/** The photo upload tests send: a real image, since uploads are decoded before they are stored (issue 50). */
export { PNG_BYTES } from '@test/fixtures/images';
