import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database, Dialect } from './database.js';

// Queries Kysely builds and compiles once per dialect; each run only binds its values. Building a
// query (expression builders, frozen nodes) and compiling it cost more CPU than SQLite running it
// for the hottest reads: in a bench:rest profile of get-meetings they were 13 % of the server's CPU,
// more than any code of ours. A prepared query keeps Kysely's typed builder as the one way to write
// SQL; only the per-request rebuilding goes.

/** A run-time value's stand-in while the query is built: a string no caller would ever bind. */
const slot = (index: number) => `\u0000parley-slot-${index}\u0000`;

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each compiled parameter: the index of the run-time value it takes, or -1 for a constant. */
  sources: number[];
}

export interface PreparedQuery<Values extends readonly unknown[], Row> {
  run(db: Kysely<Database>, dialect: Dialect, ...values: Values): Promise<Row[]>;
}

/**
 * `build` gets stand-ins for the values (typed as the values) and must hand each to Kysely as it is,
 * as a compared or bound value, exactly once. The first compile checks that; a list bound with `in`
 * therefore has a fixed length.
 */
export function prepareQuery<Values extends readonly unknown[], Row>(
  arity: Values['length'],
  build: (db: Kysely<Database>, ...values: Values) => Compilable<Row>,
): PreparedQuery<Values, Row> {
  const byDialect = new Map<Dialect, Compiled<Row>>();
  const compile = (db: Kysely<Database>): Compiled<Row> => {
    const stand = Array.from({ length: arity }, (_, i) => slot(i)) as unknown as Values;
    const query = build(db, ...stand).compile();
    const sources = query.parameters.map((parameter) =>
      typeof parameter === 'string' ? (stand as readonly unknown[]).indexOf(parameter) : -1,
    );
    for (let i = 0; i < arity; i++) {
      const uses = sources.filter((source) => source === i).length;
      if (uses !== 1)
        throw new Error(`prepared query: value ${i} is bound ${uses} times (must be once, as given)`);
    }
    return { query, sources };
  };
  return {
    async run(db, dialect, ...values) {
      let compiled = byDialect.get(dialect);
      if (!compiled) {
        compiled = compile(db);
        byDialect.set(dialect, compiled);
      }
      const { query, sources } = compiled;
      const parameters = sources.map((source, i) => (source === -1 ? query.parameters[i] : values[source]));
      const result = await db.executeQuery<Row>({ ...query, parameters });
      return result.rows;
    },
  };
}

/**
 * An insert of one row, prepared like the queries above: `build` gets a row whose every field is a
 * stand-in and must hand it to `values` as it is. `columns` names every column a row has (a column
 * left out would be dropped from each insert, so callers list them through a Record of the table).
 */
export function prepareRowInsert<Row extends object>(
  columns: readonly (keyof Row & string)[],
  build: (db: Kysely<Database>, row: Row) => Compilable<unknown>,
): { run(db: Kysely<Database>, dialect: Dialect, row: Row): Promise<unknown> } {
  const query = prepareQuery(columns.length, (db, ...values: unknown[]) =>
    // The stand-ins are strings in place of the row's values: the one shape the compile needs.
    build(db, Object.fromEntries(columns.map((column, i) => [column, values[i]])) as Row),
  );
  return { run: (db, dialect, row) => query.run(db, dialect, ...columns.map((column) => row[column])) };
}
