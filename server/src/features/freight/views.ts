import type { BookingRequestDto, NegotiationDto } from '@freight/shared';
import type { Types } from 'mongoose';
import { findByIds } from '../../http/paginate';
import { UserModel } from '../users/model';
import { toBookingRequestDto, type BookingRequest } from './bookingRequests/model';
import { FreightModel, type FreightListing } from './model';
import { toNegotiationDto, type Negotiation } from './negotiations/model';

const USER_VIEW = { firstName: 1, lastName: 1, email: 1, phoneNumber: 1, companyName: 1 } as const;

type UserView = {
  _id: Types.ObjectId;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  companyName?: string | null;
};

/** Loads and users by id with second queries (no $lookup, DESIGN §2), an `_id` equality each. */
async function lookups(freightIds: unknown[], userIds: unknown[]) {
  const [loads, users] = await Promise.all([
    findByIds<FreightListing>(FreightModel, freightIds),
    findByIds<UserView>(UserModel, userIds, USER_VIEW),
  ]);
  return {
    load: new Map(loads.map((l) => [String(l._id), l])),
    user: new Map(users.map((u) => [String(u._id), u])),
  };
}

export async function bookingRequestViews(requests: BookingRequest[]): Promise<BookingRequestDto[]> {
  if (requests.length === 0) return [];
  const { load, user } = await lookups(
    requests.map((r) => r.freightListingId),
    requests.map((r) => r.carrierId),
  );
  return requests.map((r) =>
    toBookingRequestDto(r, load.get(String(r.freightListingId)), user.get(String(r.carrierId))),
  );
}

export async function negotiationViews(negotiations: Negotiation[]): Promise<NegotiationDto[]> {
  if (negotiations.length === 0) return [];
  const { load, user } = await lookups(
    negotiations.map((n) => n.freightListingId),
    negotiations.map((n) => n.carrierId),
  );
  return negotiations.map((n) =>
    toNegotiationDto(n, load.get(String(n.freightListingId)), user.get(String(n.carrierId))),
  );
}
