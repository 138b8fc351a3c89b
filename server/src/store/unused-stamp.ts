import type { Kysely } from 'kysely';
import type { Database } from './database.js';

// Imported rows (the emulator seed) bring their own timestamps, and two of them may name the same
// instant. Stamps are unique per table, so an imported stamp that is taken moves on by one
// microsecond until no row holds it: order is kept, and nobody can see a 1 µs shift.

export type StampedTable = {
  [T in keyof Database]: Database[T] extends { updated_us: number } ? T : never;
}[keyof Database];

export async function unusedStamp(
  db: Kysely<Database>,
  table: StampedTable,
  wanted: number,
): Promise<number> {
  let stamp = wanted;
  for (;;) {
    const taken = await db
      .selectFrom(table)
      .select('updated_us')
      .where('updated_us', '=', stamp)
      .executeTakeFirst();
    if (!taken) return stamp;
    stamp += 1;
  }
}
