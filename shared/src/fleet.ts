import { z } from 'zod';
import type { Ack } from './api';
import { LOAD_BOARD_EQUIPMENT, US_STATES } from './enums';

/**
 * Fleet and dispatch (issue 29): a carrier company's trucks, its drivers' compliance, and which truck and driver
 * run a booked load. This file is the contract the fleet screens, the driver's phone (My Trips) and the fleet map
 * share.
 */

export const TRUCK_STATUSES = ['available', 'on_load', 'out_of_service'] as const;
export type TruckStatus = (typeof TRUCK_STATUSES)[number];
export const TRUCK_STATUS_LABELS: Record<TruckStatus, string> = {
  available: 'Available',
  on_load: 'On a load',
  out_of_service: 'Out of service',
};

/** A truck's kind is one of the road equipment types the board uses. */
export const TRUCK_KINDS = LOAD_BOARD_EQUIPMENT;
export type TruckKind = (typeof TRUCK_KINDS)[number];

/** Trucks a carrier company may keep: Carrier Basic (and no plan) one; Pro unlimited. */
export const TRUCKS_BASIC = 1;

/** A truck whose last position is older than this is shown as stale on the fleet map. */
export const TRUCK_POSITION_STALE_MS = 60 * 60 * 1000;

const VIN_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * A North American VIN: 17 characters without I, O or Q, whose ninth is the check digit (49 CFR 565.15: each
 * character's value times its position's weight, summed, modulo 11; 10 is written X).
 */
export function isValidVin(vin: string): boolean {
  const v = vin.toUpperCase();
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = v[i]!;
    sum += (/\d/.test(c) ? Number(c) : VIN_VALUES[c]!) * VIN_WEIGHTS[i]!;
  }
  const check = sum % 11;
  return v[8] === (check === 10 ? 'X' : String(check));
}

export const vinSchema = z
  .string({ error: 'Required' })
  .trim()
  .toUpperCase()
  .length(17, 'A VIN has 17 characters')
  .refine((v) => /^[A-HJ-NPR-Z0-9]{17}$/.test(v), 'A VIN uses digits and letters other than I, O and Q')
  .refine(
    isValidVin,
    'This VIN’s check digit (the 9th character) does not match: check it against the title',
  );

/**
 * Whether a truck of this kind can haul a load with this equipment: the same kind, or any truck for a power-only
 * load (the carrier brings the tractor only).
 */
export function truckFitsLoad(kind: TruckKind, loadEquipment: string): boolean {
  const equipment = loadEquipment === 'refrigerated' ? 'reefer' : loadEquipment;
  return equipment === 'power_only' || kind === equipment;
}

export const truckInputSchema = z.object({
  unitNumber: z.string({ error: 'Required' }).trim().min(1, 'Required').max(20, 'At most 20 characters'),
  kind: z.enum(TRUCK_KINDS, { error: 'Choose the kind of truck' }),
  /** Trailer length in feet. */
  length: z.coerce.number().int('Whole feet').min(10, 'At least 10 ft').max(60, 'At most 60 ft').nullish(),
  plate: z
    .string({ error: 'Required' })
    .trim()
    .toUpperCase()
    .min(1, 'Required')
    .max(10, 'At most 10 characters'),
  plateState: z.enum(US_STATES, { error: 'Choose the state' }),
  vin: vinSchema,
  status: z.enum(TRUCK_STATUSES).default('available'),
});
export type TruckInput = z.input<typeof truckInputSchema>;
/** An edit: any of the fields (the status has no default here: an edit that leaves it out keeps it). */
export const truckUpdateSchema = truckInputSchema
  .extend({ status: z.enum(TRUCK_STATUSES, { error: 'Choose a status' }) })
  .partial();

export interface TruckPositionDto {
  lat: number;
  lng: number;
  at: string;
}

export interface TruckDto {
  id: string;
  companyId: string;
  unitNumber: string;
  kind: TruckKind;
  length: number | null;
  plate: string;
  plateState: string;
  vin: string;
  status: TruckStatus;
  /** The load it runs now (booked or in transit), if any. */
  currentLoadId: string | null;
  /** Its last known position (from the driver's phone on its current or last load). */
  lastPosition: TruckPositionDto | null;
  createdAt: string;
  updatedAt: string;
}

export const CDL_CLASSES = ['A', 'B', 'C'] as const;
export type CdlClass = (typeof CDL_CLASSES)[number];

export const driverComplianceInputSchema = z.object({
  cdlNumber: z.string({ error: 'Required' }).trim().toUpperCase().min(4, 'At least 4 characters').max(20),
  cdlState: z.enum(US_STATES, { error: 'Choose the state' }),
  cdlClass: z.enum(CDL_CLASSES, { error: 'Choose the class' }),
  /** YYYY-MM-DD */
  cdlExpiresOn: z.iso.date('Use a date (YYYY-MM-DD)'),
  medicalCardExpiresOn: z.iso.date('Use a date (YYYY-MM-DD)'),
});
export type DriverComplianceInput = z.input<typeof driverComplianceInputSchema>;

export interface DriverDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  cdl: { number: string; state: string; class: CdlClass; expiresOn: string } | null;
  medicalCardExpiresOn: string | null;
  /** Whether a dispatcher may assign this driver now; if not, why ("CDL expired on 2026-10-01"). */
  assignable: boolean;
  unassignableReason: string | null;
  currentLoadId: string | null;
}

/** Which truck and driver run a booked load (stored on the load; the tracking page and rate confirmation show it). */
export interface LoadAssignmentDto {
  truckId: string;
  truckUnit: string;
  driverId: string;
  driverFirstName: string;
  /** Only when the carrier shares the driver's phone with the poster. */
  driverPhone: string | null;
  assignedAt: string;
  assignedBy: string;
  /** Given when the dispatcher put a busy truck or driver on a second active load. */
  overrideReason: string | null;
}

export const assignLoadInputSchema = z.object({
  truckId: z.string({ error: 'Choose a truck' }).regex(/^[a-f0-9]{24}$/i, 'Choose a truck'),
  driverId: z.string({ error: 'Choose a driver' }).regex(/^[a-f0-9]{24}$/i, 'Choose a driver'),
  shareDriverPhone: z.boolean().default(false),
  overrideReason: z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(300).optional(),
});
export type AssignLoadInput = z.input<typeof assignLoadInputSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The fleet feature's own schemas, list answers and socket events (built on the contract above).

/** The CDL part of a driver's compliance (sent with the CDL's scan as one compliance document). */
export const driverCdlInputSchema = driverComplianceInputSchema.pick({
  cdlNumber: true,
  cdlState: true,
  cdlClass: true,
  cdlExpiresOn: true,
});
export type DriverCdlInput = z.input<typeof driverCdlInputSchema>;
/** The medical card part (sent with the card's scan). */
export const driverMedicalCardInputSchema = driverComplianceInputSchema.pick({ medicalCardExpiresOn: true });
export type DriverMedicalCardInput = z.input<typeof driverMedicalCardInputSchema>;

/** The compliance document types a driver keeps (reviewed, reminded and expired as company documents are). */
export const DRIVER_DOCUMENT_TYPES = ['driver_cdl', 'driver_medical_card'] as const;
export type DriverDocumentType = (typeof DRIVER_DOCUMENT_TYPES)[number];

export const truckStatusInputSchema = z.object({
  status: z.enum(TRUCK_STATUSES, { error: 'Choose a status: available, on_load or out_of_service' }),
});

/** What the viewer may do in the fleet (sent with the lists, so the web shows only those buttons). */
export interface FleetViewerActions {
  /** Add, edit, set status and remove trucks; assign loads: owners, admins and dispatchers of a carrier. */
  manage?: true;
  /** See where the trucks are (the map, last positions, live): owners, admins and dispatchers of a carrier. */
  watch?: true;
}

/** One driver's compliance document as the fleet screens show it. */
export interface DriverDocumentStateDto {
  id: string;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
  expiresOn: string | null;
  rejectionReason: string | null;
}
export interface DriverComplianceDto {
  cdl: DriverDocumentStateDto | null;
  medicalCard: DriverDocumentStateDto | null;
}

export interface TruckPageDto {
  items: TruckDto[];
  page: number;
  pageSize: number;
  total: number;
  viewerActions: FleetViewerActions;
}
export interface DriverPageDto {
  items: Array<DriverDto & { compliance: DriverComplianceDto }>;
  page: number;
  pageSize: number;
  total: number;
  viewerActions: FleetViewerActions;
}

/** Server → client (room `fleet:<companyId>`, joined by `fleet:join`; `freight:assigned` in the load's rooms). */
export interface FleetEvents {
  'fleet:truck': (payload: { truck: TruckDto }) => void;
  'fleet:truckRemoved': (payload: { truckId: string }) => void;
  /** A truck's new last position (from its driver's phone on its load), at ping rate. */
  'fleet:position': (payload: { truckId: string; loadId: string; position: TruckPositionDto }) => void;
  /** A load's truck and driver changed: the tracking page and My Loads show them at once. */
  'freight:assigned': (payload: { freightId: string; assignment: LoadAssignmentDto }) => void;
}

export interface FleetClientEvents {
  'fleet:join': (payload: Record<string, never>, ack: (res: Ack<{ companyId: string }>) => void) => void;
}
