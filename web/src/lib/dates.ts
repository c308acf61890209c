/** SPEC §9: dates display in US format. */
import { formatLocalDate, formatLocalDateTime } from './formatters';
export function formatUsDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatLocalDate(date);
}

export function formatUsDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatLocalDateTime(date);
}
