import type { BookingRequestDto, FreightListingDto, NegotiationDto } from './freight';

/**
 * Issue 23: a load as its poster works on it (GET /api/freight/:id/interest, the load page `/loads/:id`): the load
 * with every booking request and rate offer on it, newest first, each in whatever state it is.
 */
export interface LoadInterestDto {
  /** The load's id (the page's store is keyed by it). */
  id: string;
  listing: FreightListingDto;
  requests: BookingRequestDto[];
  offers: NegotiationDto[];
}

/** Why an open request or offer was closed without an answer of its own (the carrier sees it). */
export const WITHDRAWN_REASON = 'Withdrawn by the poster';
export const BOOKED_ELSEWHERE_REASON = 'The load was booked to another carrier';

/**
 * What an edit may not change once carriers have asked for the load (a pending request or an open offer): where it
 * goes and in what. Everything else may change; those carriers are told what changed.
 */
export const FIELDS_LOCKED_BY_INTEREST = [
  'originCity',
  'originState',
  'destinationCity',
  'destinationState',
  'equipmentType',
] as const;
