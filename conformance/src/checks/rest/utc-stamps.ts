import { verify } from '../../check.js';
import { at } from '../../json-path.js';

// "Timestamps are RFC 3339 / ISO 8601 strings in UTC": a stamp's offset names UTC (`Z`, `+00:00`,
// RFC 3339's `-00:00`); another offset is the same instant, but not written in UTC. The spec's
// timestamp fields all end in `_at` (created_at, updated_at, start_at, end_at,
// invitation_link_expires_at); the schema judges their form, this their zone.

const STAMP = /^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(?:\.\d+)?(Z|z|[+-]\d\d:\d\d)$/;
const UTC_OFFSETS = new Set(['Z', 'z', '+00:00', '-00:00']);

/** The `_at` stamps of a JSON answer, with their JSON paths. */
function stampsOf(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) stampsOf(v, `${path}[${i}]`, out);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (key.endsWith('_at') && typeof v === 'string') out.push([`${path}.${key}`, v]);
      else stampsOf(v, `${path}.${key}`, out);
    }
  return out;
}

/** Every `_at` stamp of the answer written in UTC (a stamp of another form is the schema's to judge). */
export function verifyUtcStamps(body: unknown, what: string): void {
  for (const [path, stamp] of stampsOf(body, '$', [])) {
    const offset = STAMP.exec(stamp)?.[1];
    if (offset === undefined) continue;
    verify(
      UTC_OFFSETS.has(offset),
      'VALUE',
      `${what}: ${path} ${stamp} is not in UTC (offset ${offset})`,
      at(what, path, 'a timestamp in UTC (Z or +00:00)', stamp),
    );
  }
}
