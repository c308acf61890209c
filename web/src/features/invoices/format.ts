import { formatUsd, type InvoiceStatus } from '@freight/shared';

/** Cents as dollars ("$2,850.50"); hidden amounts (a dispatcher) as a dash. */
export const money = (cents: number | null) => (cents == null ? '—' : formatUsd(cents / 100));

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  submitted: 'blue',
  approved: 'teal',
  disputed: 'orange',
  scheduled: 'purple',
  paid: 'green',
  replaced: 'gray',
};

/** Dollars as typed ("150", "150.5") to whole cents; null for anything that is not a positive amount. */
export function centsOf(text: string): number | null {
  const value = Number(text.trim());
  if (!text.trim() || !Number.isFinite(value) || value <= 0) return null;
  return Math.round(value * 100);
}
