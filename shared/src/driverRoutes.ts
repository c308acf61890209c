// Driver routes (SPEC §3 Driver route): the trips individual drivers offer, matched against small shipments.
import { z } from 'zod';
import { dateInput } from './dates';
import {
  bool,
  emptyToUndefined,
  optionalPositiveNumber,
  optionalText,
  optionalTime,
  requiredText,
  usState,
} from './formFields';

export const DRIVER_ROUTE_STATUSES = ['active', 'closed'] as const;
export type DriverRouteStatus = (typeof DRIVER_ROUTE_STATUSES)[number];
export const DRIVER_VEHICLE_TYPES = [
  'car',
  'suv',
  'pickup_truck',
  'van',
  'box_truck',
  'truck_with_trailer',
] as const;
export const DRIVER_VEHICLE_LABELS: Record<(typeof DRIVER_VEHICLE_TYPES)[number], string> = {
  car: 'Car',
  suv: 'SUV',
  pickup_truck: 'Pickup Truck',
  van: 'Van',
  box_truck: 'Box Truck',
  truck_with_trailer: 'Truck with Trailer',
};
export const DRIVER_PRICING_TYPES = ['per_mile', 'fixed', 'negotiable'] as const;
export const DRIVER_PRICING_LABELS: Record<(typeof DRIVER_PRICING_TYPES)[number], string> = {
  per_mile: 'Per Mile',
  fixed: 'Fixed Price',
  negotiable: 'Negotiable',
};

export const driverRouteSchema = z.object({
  title: requiredText(200),
  originCity: requiredText(100),
  originState: usState,
  destinationCity: requiredText(100),
  destinationState: usState,
  departureDate: z.preprocess(emptyToUndefined, dateInput()),
  departureTime: optionalTime,
  vehicleType: z.enum(DRIVER_VEHICLE_TYPES, { error: 'Required' }),
  availableSpace: optionalText(200),
  maxWeight: optionalPositiveNumber,
  maxDimensions: optionalText(200),
  pricePerMile: optionalPositiveNumber,
  fixedPrice: optionalPositiveNumber,
  pricingType: z.preprocess(emptyToUndefined, z.enum(DRIVER_PRICING_TYPES).default('per_mile')),
  description: optionalText(2000),
  isFlexible: bool,
});
export type DriverRouteInput = z.input<typeof driverRouteSchema>;
export type DriverRouteData = z.output<typeof driverRouteSchema>;

export interface DriverRouteDto {
  id: string;
  driverId: string;
  title: string;
  originCity: string;
  originState: string;
  destinationCity: string;
  destinationState: string;
  departureDate: string;
  departureTime: string | null;
  vehicleType: string;
  availableSpace: string | null;
  maxWeight: number | null;
  maxDimensions: string | null;
  pricePerMile: number | null;
  fixedPrice: number | null;
  pricingType: string;
  description: string | null;
  isFlexible: boolean;
  status: DriverRouteStatus;
  createdAt: string;
  updatedAt: string;
}

export { routeMatchesShipment } from './routeMatching';
