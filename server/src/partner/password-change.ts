import type { Store } from '../store/store.js';
import type { OAuthProvider } from './oauth-provider.js';
import { hashPassword, PASSWORD_LENGTH } from './passwords.js';
import type { FailedSignIns } from './sign-in-throttle.js';

// A user changes the password they sign in with (no HTTP here; account-password.routes.ts wires it).
// Knowing the current password is the proof, so this form could be used to guess it: every wrong
// current password counts as a failed sign-in of that address, under the same throttle and lock as
// the sign-in form. The new password's own checks come first and never look at the current one, so
// their answers tell nothing about it. A change ends what the old password opened (README.md "Token
// policy" says why): the user's sign-in sessions and every OAuth grant of theirs.

export interface PasswordChangeForm {
  email: string;
  current: string;
  next: string;
  again: string;
}

export type PasswordChangeOutcome =
  | { kind: 'changed'; userId: string; disconnected: number }
  /** The form is incomplete or the new password is refused; nothing was checked or counted. */
  | { kind: 'invalid'; message: string }
  /** The address is locked (too many failed sign-ins): not even the right password is checked. */
  | { kind: 'locked'; lockedMs: number }
  /** Unknown e-mail or wrong current password: a failed sign-in, answered after `waitMs`. */
  | { kind: 'refused'; waitMs: number };

export type PasswordChange = (form: PasswordChangeForm) => Promise<PasswordChangeOutcome>;

export function passwordChange(
  store: Store,
  provider: OAuthProvider,
  throttle: FailedSignIns,
): PasswordChange {
  return async (form) => {
    const lockedMs = await throttle.lockedFor(form.email);
    if (lockedMs > 0) return { kind: 'locked', lockedMs };
    const problem = formProblem(form);
    if (problem) return { kind: 'invalid', message: problem };
    const userId = await provider.checkPassword(form.email, form.current);
    if (!userId) return { kind: 'refused', waitMs: await throttle.fail(form.email) };
    await throttle.succeed(form.email);
    const hash = await hashPassword(form.next);
    const disconnected = await store.transaction(async (repos) => {
      await repos.partnerAuth.setPasswordHash(userId, hash);
      await repos.partnerAuth.endSessions(userId);
      return repos.oauthGrants.revokeGrantsOfUser(userId, new Date());
    });
    return { kind: 'changed', userId, disconnected };
  };
}

/** What is wrong with the form before any password is checked, or undefined. */
function formProblem(form: PasswordChangeForm): string | undefined {
  if (!form.email.trim() || !form.current) return 'Enter your e-mail address and your current password.';
  // Characters as JSON Schema counts them (code points), like the emulator's password route.
  const length = [...form.next].length;
  if (length < PASSWORD_LENGTH.min)
    return `The new password is too short: use at least ${PASSWORD_LENGTH.min} characters.`;
  if (length > PASSWORD_LENGTH.max)
    return `The new password is too long: use at most ${PASSWORD_LENGTH.max} characters.`;
  if (form.next !== form.again) return 'The two new passwords are not the same. Type the new password twice.';
  return undefined;
}
