// Freight listings, load board, booking requests, negotiations. The freight feature extends this module
// (schemas, query types, events); the listing DTO below is the contract other features read.
import type { FreightStatus } from './enums';

/** A freight listing as the API returns it: money in dollars (2 decimals), dates as ISO strings. */
export interface FreightListingDto {
  id: string;
  userId: string;
  carrierId: string | null;
  brokerId: string | null;
  shipperId: string | null;
  title: string;
  originCity: string;
  originState: string;
  originZip: string | null;
  originCountry: string | null;
  destinationCity: string;
  destinationState: string;
  destinationZip: string | null;
  destinationCountry: string | null;
  originLat: number | null;
  originLng: number | null;
  destinationLat: number | null;
  destinationLng: number | null;
  currentLat: number | null;
  currentLng: number | null;
  equipmentType: string;
  equipmentLength: number | null;
  weight: number | null;
  weightClass: string | null;
  commodity: string | null;
  cargoType: string | null;
  rate: number | null;
  ratePerMile: number | null;
  rateType: string;
  distance: number | null;
  searchRadius: number;
  pickupDate: string | null;
  pickupTimeStart: string | null;
  pickupTimeEnd: string | null;
  deliveryDate: string | null;
  deliveryTimeStart: string | null;
  deliveryTimeEnd: string | null;
  description: string | null;
  specialInstructions: string | null;
  status: FreightStatus;
  isUrgent: boolean;
  isHazmat: boolean;
  requiresTarps: boolean;
  requiresStraps: boolean;
  requiresLiftgate: boolean;
  lastLocationUpdate: string | null;
  userCompanyName: string | null;
  createdAt: string;
  updatedAt: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FreightEvents {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FreightClientEvents {}
