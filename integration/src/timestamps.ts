// Timestamps as a Zap shows them: one form whatever the deployment writes. The spec asks for RFC 3339
// in UTC, which a service may write with `Z` or `+00:00` (or another offset naming the same instant):
// a Zap's filters and formatters compare text, so the app writes every one with `Z`, keeping the
// service's fraction digits (a cursor sent back still names the stored instant).

const STAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

/** An RFC 3339 timestamp in UTC with `Z`; any other text as it is. */
export function utcStamp(text: string): string {
  const match = STAMP.exec(text);
  if (!match) return text;
  const [, seconds = '', fraction = '', zone = 'Z'] = match;
  if (zone === 'Z') return text;
  const at = Date.parse(`${seconds}${zone.toUpperCase()}`);
  if (Number.isNaN(at)) return text;
  return `${new Date(at).toISOString().slice(0, 19)}${fraction}Z`;
}

/** Every timestamp in an item (nested objects and lists too) written by `utcStamp`. */
export function utcStamps<T>(value: T): T {
  if (typeof value === 'string') return utcStamp(value) as T;
  if (Array.isArray(value)) return value.map(utcStamps) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, utcStamps(v)])) as T;
  }
  return value;
}
