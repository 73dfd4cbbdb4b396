import { loadavg } from 'node:os';

/**
 * The machine's load average over 1, 5 and 15 minutes, printed beside a bench's figures: on a
 * shared machine a figure means little without how busy the machine was while it was taken.
 */
export function loadAverage(): string {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  return `load average ${one}, ${five}, ${fifteen}`;
}
