export const USER_TYPES = [
  'carrier',
  'shipper',
  'broker',
  'air_cargo',
  'individual_customer',
  'individual_driver',
  'admin',
] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The register modal's picker (SPEC §5). */
export const REGISTER_USER_TYPES = ['carrier', 'shipper', 'broker', 'air_cargo'] as const;
/**
 * The types an account can be registered with: the picker's, plus individual_customer, which the landing page's
 * fifth card stores as the pending type (SPEC §2, §5: the register form falls back to it).
 */
export const REGISTRABLE_USER_TYPES = [...REGISTER_USER_TYPES, 'individual_customer'] as const;
export type RegistrableUserType = (typeof REGISTRABLE_USER_TYPES)[number];
/** The account setup picker: every type but admin, which is never self-assignable. */
export const SETUP_USER_TYPES = [
  'carrier',
  'shipper',
  'broker',
  'air_cargo',
  'individual_customer',
  'individual_driver',
] as const;
export type SetupUserType = (typeof SETUP_USER_TYPES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  carrier: 'Carrier',
  shipper: 'Shipper',
  broker: 'Broker',
  air_cargo: 'Air Cargo',
  individual_customer: 'Individual Customer',
  individual_driver: 'Individual Driver',
  admin: 'Admin',
};

export const SUBSCRIPTION_STATUSES = ['active', 'inactive', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The road equipment types: the board filters by them and Post Load offers every one of them (SPEC §3). */
export const LOAD_BOARD_EQUIPMENT = [
  'dry_van',
  'flatbed',
  'reefer',
  'step_deck',
  'lowboy',
  'tanker',
  'container',
  'box_truck',
  'power_only',
] as const;
/** Post Load's choices: every road type, and air cargo (the air marketplace's shipments). */
export const POSTING_EQUIPMENT = [...LOAD_BOARD_EQUIPMENT, 'air_cargo'] as const;
/**
 * The old name of 'reefer': posting offered it until both lists became one. Still accepted as input and read from
 * stored loads and saved searches, always as 'reefer' (see boardEquipment).
 */
const LEGACY_REEFER = 'refrigerated';
/** Every equipment value the API accepts. */
export const EQUIPMENT_TYPES = [...POSTING_EQUIPMENT, LEGACY_REEFER] as const;
export type EquipmentType = (typeof POSTING_EQUIPMENT)[number];

/** An equipment value as the product names it: the legacy 'refrigerated' is 'reefer', anything else unchanged. */
export function boardEquipment<T extends string | undefined>(type: T): BoardEquipment<T> {
  return (type === LEGACY_REEFER ? 'reefer' : type) as BoardEquipment<T>;
}
type BoardEquipment<T> = T extends typeof LEGACY_REEFER ? 'reefer' : T;
/** A label for every equipment type. */
export const EQUIPMENT_LABELS: Record<EquipmentType, string> = {
  dry_van: 'Dry Van',
  reefer: 'Reefer',
  flatbed: 'Flatbed',
  step_deck: 'Step Deck',
  lowboy: 'Lowboy',
  tanker: 'Tanker',
  container: 'Container',
  box_truck: 'Box Truck',
  power_only: 'Power Only',
  air_cargo: 'Air Cargo',
};
export const EQUIPMENT_LENGTHS = [48, 53] as const;
export const WEIGHT_CLASSES = ['ltl', 'partial', 'ftl'] as const;
export const WEIGHT_CLASS_LABELS: Record<(typeof WEIGHT_CLASSES)[number], string> = {
  ltl: 'LTL',
  partial: 'Partial',
  ftl: 'Full Truckload',
};
export const RATE_TYPES = ['flat', 'per_mile', 'negotiable'] as const;
/** A stop's appointment (issue 39): first come, first served, a set time, or a window. */
export const STOP_APPOINTMENT_KINDS = ['fcfs', 'appointment', 'window'] as const;
export const RATE_TYPE_LABELS: Record<(typeof RATE_TYPES)[number], string> = {
  flat: 'Flat Rate',
  per_mile: 'Per Mile',
  negotiable: 'Negotiable',
};
export const FREIGHT_STATUSES = ['available', 'booked', 'in_transit', 'delivered', 'cancelled'] as const;
export type FreightStatus = (typeof FREIGHT_STATUSES)[number];

/**
 * The load's status groups, stated once for server and web (issue 26). A carrier is on the load (its chat, tracking
 * and booked counts exist) from booking on; its location is shared only while it moves.
 */
export const CARRIER_ON_LOAD_STATUSES: readonly FreightStatus[] = ['booked', 'in_transit', 'delivered'];
export const LOCATION_UPDATABLE_STATUSES: readonly FreightStatus[] = ['booked', 'in_transit'];
/** The moves the status table allows (SPEC §8.1). */
export const FREIGHT_TRANSITIONS: Readonly<Record<FreightStatus, readonly FreightStatus[]>> = {
  available: ['booked', 'cancelled'],
  booked: ['in_transit', 'cancelled'],
  in_transit: ['delivered'],
  delivered: [],
  cancelled: [],
};
export const isCarrierOnLoad = (status: string): boolean =>
  (CARRIER_ON_LOAD_STATUSES as readonly string[]).includes(status);
export const isLocationUpdatable = (status: string): boolean =>
  (LOCATION_UPDATABLE_STATUSES as readonly string[]).includes(status);

export const DOCUMENT_TYPES_BY_USER_TYPE: Partial<Record<UserType, readonly string[]>> = {
  carrier: ['dot_authority', 'insurance', 'equipment_cert'],
  shipper: ['business_license', 'insurance'],
  broker: ['broker_authority', 'insurance'],
  air_cargo: ['air_freight_license', 'insurance'],
};
export const DOCUMENT_TYPE_LABELS: Record<string, string> = {
  dot_authority: 'DOT Authority',
  insurance: 'Insurance Certificate',
  equipment_cert: 'Equipment Certificate',
  business_license: 'Business License',
  broker_authority: 'Broker Authority',
  air_freight_license: 'Air Freight License',
  driver_cdl: 'Commercial Driver’s License (CDL)',
  driver_medical_card: 'DOT Medical Card',
};
export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;

// prettier-ignore
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND',
  'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

export const CARGO_TYPES = [
  'general',
  'dangerous',
  'perishable',
  'livestock',
  'pharma',
  'electronics',
] as const;
export const AIR_WEIGHT_CLASSES = ['small', 'medium', 'large', 'heavy'] as const;

/** `lumper_receipt`: the receipt for unloading paid at a dock, which a lumper line of the load's invoice attaches. */
export const PHOTO_TYPES = ['pickup', 'delivery', 'in_transit', 'damage', 'lumper_receipt'] as const;
export const CHAT_MESSAGE_TYPES = ['text', 'image', 'location'] as const;
export const NEGOTIATION_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'counter_offered',
  'expired',
] as const;
export const BOOKING_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const SMALL_SHIPMENT_ITEM_TYPES = ['package', 'bike', 'car', 'equipment', 'other'] as const;
export const SMALL_SHIPMENT_ITEM_LABELS: Record<(typeof SMALL_SHIPMENT_ITEM_TYPES)[number], string> = {
  package: 'Package/Documents',
  bike: 'Motorcycle/Dirt Bike',
  car: 'Car/Vehicle',
  equipment: 'Equipment/Machinery',
  other: 'Other Items',
};
export const PICKUP_FLEXIBILITY = ['anytime', 'specific_time', 'date_range'] as const;
export const PICKUP_FLEXIBILITY_LABELS: Record<(typeof PICKUP_FLEXIBILITY)[number], string> = {
  anytime: 'Anytime (Most Flexible)',
  specific_time: 'Specific Time Required',
  date_range: 'Date Range OK',
};
