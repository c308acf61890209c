// Small shipments (SPEC §2 Post Small Shipment, §3, §5, §7 call 30) and the offers drivers make on them.
import { z } from 'zod';
import { PICKUP_FLEXIBILITY, SMALL_SHIPMENT_ITEM_TYPES } from './enums';
import {
  bool,
  emptyToUndefined,
  optionalDate,
  optionalPositiveNumber,
  optionalText,
  optionalTime,
  positiveNumber,
  requiredText,
  usState,
} from './formFields';

/** posted → matched (an offer accepted) → picked_up → delivered (the matched driver's reports, issue 23). */
export const SMALL_SHIPMENT_STATUSES = ['posted', 'matched', 'picked_up', 'delivered', 'cancelled'] as const;
export type SmallShipmentStatus = (typeof SMALL_SHIPMENT_STATUSES)[number];

export const SMALL_SHIPMENT_PRICING_TIPS = [
  { label: 'Packages', range: '$0.50-1.00 per mile' },
  { label: 'Motorcycles', range: '$1.00-1.50 per mile' },
  { label: 'Cars', range: '$1.00-2.00 per mile' },
  { label: 'Equipment', range: '$1.50-3.00 per mile' },
] as const;
export const SMALL_SHIPMENT_PRICING_NOTE =
  'Higher offers for urgent, fragile or valuable items get priority.';
export const OFFER_PRICE_NOTE = 'This is your total budget for the transport. Drivers will see this amount.';

export const smallShipmentSchema = z
  .object({
    title: requiredText(200),
    itemType: z.preprocess(emptyToUndefined, z.enum(SMALL_SHIPMENT_ITEM_TYPES).optional()),
    itemDescription: requiredText(4000),
    originCity: requiredText(100),
    originState: usState,
    pickupAddress: optionalText(300),
    destinationCity: requiredText(100),
    destinationState: usState,
    deliveryAddress: optionalText(300),
    weight: optionalPositiveNumber,
    dimensions: optionalText(200),
    value: optionalPositiveNumber,
    pickupDate: optionalDate,
    pickupTime: optionalTime,
    deliveryDate: optionalDate,
    deliveryTime: optionalTime,
    pickupFlexibility: z.preprocess(emptyToUndefined, z.enum(PICKUP_FLEXIBILITY).default('anytime')),
    offerPrice: positiveNumber,
    isUrgent: bool,
    isFragile: bool,
    specialInstructions: optionalText(2000),
  })
  .refine((v) => !v.pickupDate || !v.deliveryDate || Date.parse(v.deliveryDate) >= Date.parse(v.pickupDate), {
    message: 'Needed-by date must be on or after the pickup date',
    path: ['deliveryDate'],
  });
export type SmallShipmentInput = z.input<typeof smallShipmentSchema>;
export type SmallShipmentData = z.output<typeof smallShipmentSchema>;

export interface SmallShipmentDto {
  id: string;
  shipperId: string;
  driverRouteId: string | null;
  matchedOfferId: string | null;
  title: string;
  itemType: string | null;
  itemDescription: string;
  originCity: string;
  originState: string;
  pickupAddress: string | null;
  destinationCity: string;
  destinationState: string;
  deliveryAddress: string | null;
  weight: number | null;
  dimensions: string | null;
  value: number | null;
  /** The asking price. */
  offerPrice: number;
  /** The accepted offer's price once matched, else null. */
  agreedPrice: number | null;
  isUrgent: boolean;
  isFragile: boolean;
  pickupFlexibility: string;
  pickupDate: string | null;
  pickupTime: string | null;
  deliveryDate: string | null;
  deliveryTime: string | null;
  specialInstructions: string | null;
  status: SmallShipmentStatus;
  createdAt: string;
  updatedAt: string;
}

export const SHIPMENT_OFFER_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ShipmentOfferStatus = (typeof SHIPMENT_OFFER_STATUSES)[number];

export const shipmentOfferSchema = z.object({
  price: positiveNumber,
  message: optionalText(2000),
  routeId: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-f]{24}$/, 'Invalid route')
      .optional(),
  ),
});
export type ShipmentOfferInput = z.input<typeof shipmentOfferSchema>;

/**
 * Accepting an offer names the offer as the customer saw it: its version (each revision counts one up) or its price.
 * A revision that landed first makes the accept fail (409, with the current offer), so the price agreed is the one
 * shown.
 */
export const shipmentOfferAcceptSchema = z
  .object({
    version: z.number().int().positive().optional(),
    price: z.number().positive().optional(),
  })
  .refine((v) => v.version !== undefined || v.price !== undefined, {
    message: 'Send the offer version or price you are accepting',
    path: ['version'],
  });
export type ShipmentOfferAcceptInput = z.input<typeof shipmentOfferAcceptSchema>;

export interface ShipmentOfferDto {
  id: string;
  shipmentId: string;
  shipperId: string;
  driverId: string;
  routeId: string | null;
  driverName: string;
  driverCompany: string | null;
  /** The driver had an approved background check when the offer was made (or last revised). */
  driverBackgroundChecked: boolean;
  price: number;
  /** 1 when made; one more on each revision. An accept carries the version shown. */
  version: number;
  message: string | null;
  status: ShipmentOfferStatus;
  respondedAt: string | null;
  createdAt: string;
  /**
   * What the viewer may do with it (issue 26), from the server's small-shipment policies: in the customer's list of
   * shipments; absent from pushes (the screen reads its list again).
   */
  viewerActions?: { accept?: true };
}

/** The customer's own shipment, with the offers drivers made on it. */
export interface MySmallShipmentDto extends SmallShipmentDto {
  offers: ShipmentOfferDto[];
}

/** A posted shipment as a driver sees it under a route, with the driver's own offer if any. */
export interface RouteMatchDto extends SmallShipmentDto {
  myOffer: ShipmentOfferDto | null;
  /** What the driver may do (issue 26): make an offer, or update the pending one. Absent from pushes. */
  viewerActions?: { offer?: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Socket events (server → client).

export interface SmallShipmentEvents {
  /** role:individual_driver: a new shipment; drivers place it under their matching routes. */
  'smallShipment:posted': (payload: { shipment: SmallShipmentDto }) => void;
  /** role:individual_driver and user:<customer>: a shipment changed status (matched). */
  'smallShipment:updated': (payload: { shipment: SmallShipmentDto }) => void;
  /** user:<customer> and user:<driver>: a driver made (or revised) an offer. */
  'shipmentOffer:created': (payload: { offer: ShipmentOfferDto }) => void;
  /** user:<customer> and user:<driver>: an offer was accepted or declined. */
  'shipmentOffer:updated': (payload: { offer: ShipmentOfferDto }) => void;
}
