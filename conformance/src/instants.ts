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
