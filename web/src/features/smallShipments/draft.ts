import { PICKUP_FLEXIBILITY } from '@freight/shared';

/** The form's values as typed (strings and booleans), kept across the sign-in reload. */
export interface SmallShipmentForm {
  title: string;
  itemType: string;
  itemDescription: string;
  originCity: string;
  originState: string;
  pickupAddress: string;
  destinationCity: string;
  destinationState: string;
  deliveryAddress: string;
  weight: string;
  dimensions: string;
  value: string;
  pickupDate: string;
  deliveryDate: string;
  pickupFlexibility: (typeof PICKUP_FLEXIBILITY)[number];
  offerPrice: string;
  isUrgent: boolean;
  isFragile: boolean;
  specialInstructions: string;
}

export const EMPTY_SMALL_SHIPMENT: SmallShipmentForm = {
  title: '',
  itemType: '',
  itemDescription: '',
  originCity: '',
  originState: '',
  pickupAddress: '',
  destinationCity: '',
  destinationState: '',
  deliveryAddress: '',
  weight: '',
  dimensions: '',
  value: '',
  pickupDate: '',
  deliveryDate: '',
  pickupFlexibility: 'anytime',
  offerPrice: '',
  isUrgent: false,
  isFragile: false,
  specialInstructions: '',
};

const KEY = 'freight.smallShipmentDraft';

/** Session storage: survives the reload that follows sign-in, not the closing of the tab. */
export function saveDraft(form: SmallShipmentForm): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(form));
  } catch {
    // storage unavailable (private mode quota): the form keeps its state until the reload
  }
}

export function readDraft(): SmallShipmentForm | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SmallShipmentForm>;
    return { ...EMPTY_SMALL_SHIPMENT, ...parsed };
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
