import {
  DOCUMENT_TYPE_LABELS,
  type BookingRequestDto,
  type CarrierDocumentDto,
  type NegotiationDto,
} from '@freight/shared';
import { Types } from 'mongoose';
import { findByIds } from '../../http/paginate';
import { viewerBookingRequestActions, viewerNegotiationActions } from '../../policies/freight';
import type { Actor } from '../../policies/types';
import { DocumentModel } from '../documents/model';
import { UserModel } from '../users/model';
import { toBookingRequestDto, type BookingRequest } from './bookingRequests/model';
import { FreightModel, type FreightListing } from './model';
import { toNegotiationDto, type Negotiation } from './negotiations/model';

const USER_VIEW = {
  firstName: 1,
  lastName: 1,
  email: 1,
  phoneNumber: 1,
  companyName: 1,
  mcNumber: 1,
  usdotNumber: 1,
  userType: 1,
} as const;

type UserView = {
  _id: Types.ObjectId;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  companyName?: string | null;
  mcNumber?: string | null;
  usdotNumber?: string | null;
  userType?: string | null;
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

/**
 * Booking requests as the API answers them. `withDocuments`: each carrier's approved documents with their expiry
 * (for the load's poster, who decides on the request; an equality on the carrier and status per carrier).
 */
export async function bookingRequestViews(
  requests: BookingRequest[],
  { withDocuments = false, viewer }: { withDocuments?: boolean; viewer?: Actor } = {},
): Promise<BookingRequestDto[]> {
  if (requests.length === 0) return [];
  const carrierIds = [...new Set(requests.map((r) => String(r.carrierId)))];
  const [{ load, user }, documents] = await Promise.all([
    lookups(
      requests.map((r) => r.freightListingId),
      requests.map((r) => r.carrierId),
    ),
    withDocuments ? approvedDocuments(carrierIds) : Promise.resolve(new Map<string, CarrierDocumentDto[]>()),
  ]);
  return requests.map((r) => {
    const freight = load.get(String(r.freightListingId));
    const dto = toBookingRequestDto(
      r,
      freight,
      user.get(String(r.carrierId)),
      documents.get(String(r.carrierId)) ?? [],
    );
    return viewer ? { ...dto, viewerActions: viewerBookingRequestActions(viewer, r, freight) } : dto;
  });
}

async function approvedDocuments(carrierIds: string[]): Promise<Map<string, CarrierDocumentDto[]>> {
  const lists = await Promise.all(
    carrierIds.map((id) =>
      DocumentModel.find(
        { userId: new Types.ObjectId(id), status: 'approved' },
        { documentType: 1, expirationDate: 1 },
      ).lean<Array<{ documentType: string; expirationDate?: Date | null }>>(),
    ),
  );
  return new Map(
    carrierIds.map((id, i) => [
      id,
      lists[i]!.map((d) => ({
        documentType: d.documentType,
        label: DOCUMENT_TYPE_LABELS[d.documentType] ?? d.documentType,
        expirationDate: d.expirationDate ? d.expirationDate.toISOString() : null,
      })),
    ]),
  );
}

/** Offers as the API answers them; with a `viewer`, each carries the viewer's actions (issue 26). */
export async function negotiationViews(
  negotiations: Negotiation[],
  viewer?: Actor,
): Promise<NegotiationDto[]> {
  if (negotiations.length === 0) return [];
  const { load, user } = await lookups(
    negotiations.map((n) => n.freightListingId),
    negotiations.flatMap((n) => [n.carrierId, n.brokerId]),
  );
  return negotiations.map((n) => {
    const freight = load.get(String(n.freightListingId));
    const dto = toNegotiationDto(n, freight, user.get(String(n.carrierId)), user.get(String(n.brokerId)));
    return viewer ? { ...dto, viewerActions: viewerNegotiationActions(viewer, n, freight) } : dto;
  });
}
