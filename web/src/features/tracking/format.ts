import {
  CARGO_TYPE_LABELS,
  EQUIPMENT_LABELS,
  boardEquipment,
  formatUsd,
  type EquipmentType,
  type FreightStatus,
} from '@freight/shared';
import { formatNumber } from '../../lib/formatters';

/** The Cargo Type row: an air load's cargo type, else the equipment, by the product's labels (never 'dry_van'). */
export function cargoTypeLabel(freight: { cargoType: string | null; equipmentType: string }): string {
  if (freight.cargoType) return CARGO_TYPE_LABELS[freight.cargoType] ?? freight.cargoType;
  const equipment = boardEquipment(freight.equipmentType) as EquipmentType;
  return EQUIPMENT_LABELS[equipment] ?? freight.equipmentType;
}

/** Trip miles with a thousands comma: "1,152 miles". */
export const formatMiles = (miles: number | null) =>
  miles == null ? null : `${formatNumber(Math.round(miles))} miles`;

/** SPEC §4: status badges have distinct colours; unknown values get grey. */
const STATUS_COLORS: Record<FreightStatus, string> = {
  available: 'green',
  booked: 'blue',
  in_transit: 'orange',
  delivered: 'purple',
  cancelled: 'red',
};

export const statusColor = (status: string) => STATUS_COLORS[status as FreightStatus] ?? 'gray';

/** 'in_transit' → 'In Transit'. */
export const statusLabel = (status: string) =>
  status
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export const formatPrice = (dollars: number | null) => (dollars == null ? 'TBD' : formatUsd(dollars));

/** An external map at a position (SPEC §7: external map links use latitude and longitude). */
/**
 * The position and trail a tracking map shows, as its `data-*` attributes (the map and its place before it loads
 * carry the same, so what reads them does not depend on the map having loaded).
 */
export const mapDataAttributes = (
  position: { lat: number; lng: number } | null,
  trail: ReadonlyArray<{ lat: number; lng: number }>,
) => ({
  'data-lat': position ? String(position.lat) : undefined,
  'data-lng': position ? String(position.lng) : undefined,
  'data-trail': trail.map((p) => `${p.lat},${p.lng}`).join(' '),
});

export const externalMapUrl = (lat: number, lng: number) => `https://www.google.com/maps?q=${lat},${lng}`;

/** Browser geolocation with SPEC §9's settings; rejects with 'unsupported' when the device cannot locate itself. */
export function currentPosition(timeoutMs: number): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      timeout: timeoutMs,
      maximumAge: 0,
    });
  });
}
