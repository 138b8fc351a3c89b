import { ApiError } from '../../core/api-error.js';
import type { Repositories } from '../../store/store.js';

// Participant ids come in two forms: a bare user id, or `em:<email>` for someone invited by
// address. E-mail forms are stored lower-cased so the same person is never listed twice.

const EMAIL_PREFIX = 'em:';

export function isEmailParticipant(id: string): boolean {
  return id.startsWith(EMAIL_PREFIX);
}

export function emailOf(id: string): string {
  return id.slice(EMAIL_PREFIX.length);
}

export function normalizeParticipantId(id: string): string {
  return isEmailParticipant(id) ? `${EMAIL_PREFIX}${emailOf(id).toLowerCase()}` : id;
}

/** Normalized, de-duplicated ids; a bare id that names no registered user is a 400. */
export async function resolveParticipantIds(repos: Repositories, ids: readonly string[]): Promise<string[]> {
  const normalized = [...new Set(ids.map(normalizeParticipantId))];
  const bare = normalized.filter((id) => !isEmailParticipant(id));
  const known = new Set((await repos.accounts.usersByIds(bare)).map((user) => user.id));
  const unknown = bare.filter((id) => !known.has(id));
  if (unknown.length > 0) throw ApiError.badRequest(`Unknown user id: ${unknown.join(', ')}`);
  return normalized;
}
