// Formatting helpers shared by reports.
import { formatBytes } from '../http/upload.js';

export const yesNo = (value: boolean | null | undefined): string =>
  value === null || value === undefined ? '-' : value ? 'Yes' : 'No';

export function date(value: string | null | undefined): string {
  if (!value) return '-';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString().slice(0, 10);
}

export function dateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export const percent = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? '-' : `${Number(value)}%`;

export const size = (bytes: number): string => formatBytes(bytes);

export function lookupName(
  table: ReadonlyArray<{ id: number; name: string }>,
  id: number | null | undefined,
): string {
  if (id === null || id === undefined) return '-';
  return table.find((row) => row.id === id)?.name ?? `Unknown (${id})`;
}
