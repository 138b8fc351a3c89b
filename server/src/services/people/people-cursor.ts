// Order and cursor of get-my-people: contacts sorted by name, then e-mail, in Unicode code-point
// order (the same on every database and in every client language, unlike collations or UTF-16
// comparison). The cursor is `<name>:<email>` of the last contact of a page; a name may hold ':'
// but an e-mail address may not, so the cursor splits at the last ':'. The database sorts and
// pages (viewer_people's index: BINARY on SQLite, collate "C" on PostgreSQL, both code-point
// order); the comparison below is that order in code, which the tests hold the database to.

export interface PersonKey {
  name: string;
  email: string;
}

/** Negative, zero or positive as `a` sorts before, with or after `b`, by code points. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x - y;
    if (x > 0xffff) i++; // a surrogate pair: both strings hold the same pair here
  }
  return a.length - b.length;
}

export function comparePersonKeys(a: PersonKey, b: PersonKey): number {
  return compareCodePoints(a.name, b.name) || compareCodePoints(a.email, b.email);
}

export function cursorOf(key: PersonKey): string {
  return `${key.name}:${key.email}`;
}

/** The key a cursor names; e-mail addresses are compared lower-cased, as they are stored. */
export function parseCursor(cursor: string): PersonKey | undefined {
  const at = cursor.lastIndexOf(':');
  if (at < 0) return undefined;
  return { name: cursor.slice(0, at), email: cursor.slice(at + 1).toLowerCase() };
}
