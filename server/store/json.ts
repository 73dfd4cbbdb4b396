// JSON columns: written with JSON.stringify, read back without trusting their shape beyond `unknown`.
export function toJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

export function fromJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

export const bool = (value: number): boolean => value === 1;
export const int = (value: boolean): number => (value ? 1 : 0);
