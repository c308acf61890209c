import type { FreightListingDto } from '@freight/shared';
import { can, type Actor } from '../../policies';
import { toLoadStopDto, type FreightListing } from './model';

/**
 * The load's DTO with its stops' details when the viewer may read them (`load:stopDetails`, issue 39); else as it
 * is (toFreightDto leaves them out, so the board, pushes and facts never carry them).
 */
export function withStopDetails(
  actor: Actor | null | undefined,
  load: FreightListing,
  dto: FreightListingDto,
): FreightListingDto {
  if (!actor || !can(actor, 'load:stopDetails', load)) return dto;
  return {
    ...dto,
    pickupStop: toLoadStopDto(load.pickupStop),
    deliveryStop: toLoadStopDto(load.deliveryStop),
  };
}
