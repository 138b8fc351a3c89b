// Timestamps of a deployment compared exactly. The cursor rules ("updated before this time", "updated
// after this time") are judged on the deployment's own stamps, which may carry more digits than a
// Date keeps (microseconds, nanoseconds): two stamps a millisecond apart or less must still order.

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i;

/** Nanoseconds since the epoch of an RFC 3339 date-time; undefined for anything else. */
export function instantOf(text: unknown): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  const match = RFC3339.exec(text);
  if (!match) return undefined;
  const [, base, fraction = '', zone = 'Z'] = match;
  const millis = Date.parse(`${base}${zone.toUpperCase()}`);
  if (Number.isNaN(millis)) return undefined;
  return BigInt(millis) * 1_000_000n + BigInt(fraction.slice(0, 9).padEnd(9, '0'));
}

/** An RFC 3339 date-time `ns` nanoseconds after `text` (a cursor just past a stamp). */
export function after(text: string, ns: bigint): string {
  const at = instantOf(text);
  if (at === undefined) throw new Error(`not an RFC 3339 date-time: ${text}`);
  const next = at + ns;
  const millis = next / 1_000_000n;
  const iso = new Date(Number(millis)).toISOString().slice(0, 19);
  return `${iso}.${String(next % 1_000_000_000n).padStart(9, '0')}Z`;
}
