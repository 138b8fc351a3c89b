// RFC 3339 text <-> microseconds since the epoch. Responses always carry six fractional digits,
// so a client that sends back the `updated_at` it received as a cursor names an exact stored stamp.

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i;

export function formatMicros(micros: number): string {
  const millis = Math.floor(micros / 1000);
  const extra = micros - millis * 1000;
  const iso = new Date(millis).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  return `${iso.slice(0, 23)}${String(extra).padStart(3, '0')}Z`;
}

/** Microseconds since the epoch, or undefined when the text is not an RFC 3339 date-time. */
export function parseTimestamp(text: string): number | undefined {
  const match = RFC3339.exec(text);
  if (!match) return undefined;
  const [, base, fraction = '', zone = 'Z'] = match;
  const seconds = Date.parse(`${base}${zone.toUpperCase()}`);
  if (Number.isNaN(seconds)) return undefined;
  // Digits beyond microseconds are dropped: stored stamps have no finer resolution.
  const micros = Number(fraction.slice(0, 6).padEnd(6, '0'));
  return seconds * 1000 + micros;
}
