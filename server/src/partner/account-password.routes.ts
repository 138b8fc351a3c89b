import { setTimeout as sleep } from 'node:timers/promises';
import type { RouteKit } from '../http/route-kit.js';
import { crossSite, fieldsOf, htmlPage, paramsOf } from './page-reply.js';
import { type AuthorizeParams, hrefWith, passwordChangedPage, passwordPage } from './pages.js';
import type { PasswordChange } from './password-change.js';
import { lockedMessage } from './sign-in-throttle.js';

// HTTP wiring of the password change, through the route kit: the catalog's `account-password-page`
// (GET, the form) and `account-password-change` (POST, the form's post). The form is defended like
// the sign-in form: a post from another site is refused (Origin, Sec-Fetch-Site), and a wrong current
// password waits and counts as a failed sign-in (password-change.ts). No password reaches a log line
// or an answer.

export interface AccountPasswordOptions {
  /** PARLEY_PUBLIC_URL: the origin the form is posted from; the request's Host without it. */
  publicUrl?: string | undefined;
}

export function accountPasswordPages(change: PasswordChange, options: AccountPasswordOptions) {
  return {
    mount(kit: RouteKit): void {
      const authorizePath = kit.pathOf('partner-authorize');
      // Back to the authorize request the sign-in page's link came from, when there was one.
      const signInHref = (params: AuthorizeParams) =>
        params.client_id ? hrefWith(authorizePath, params) : undefined;
      const form = (status: number, params: AuthorizeParams, email: string, error?: string) =>
        htmlPage(status, passwordPage({ params, email, error, signInHref: signInHref(params) }));

      kit.mountPublic('account-password-page', async (_body, { query }) =>
        form(200, paramsOf(Object.fromEntries(query)), query.get('email') ?? ''),
      );

      kit.mountPublic('account-password-change', async (body, { request }) => {
        const fields = fieldsOf(body);
        const params = paramsOf(fields);
        const email = fields.email ?? '';
        if (crossSite(request, options.publicUrl)) {
          return form(403, params, '', 'Change your password from this site’s own page.');
        }
        const outcome = await change({
          email,
          current: fields.current_password ?? '',
          next: fields.new_password ?? '',
          again: fields.new_password_again ?? '',
        });
        switch (outcome.kind) {
          case 'locked':
            return form(429, params, email, lockedMessage(outcome.lockedMs));
          case 'invalid':
            return form(400, params, email, outcome.message);
          case 'refused':
            await sleep(outcome.waitMs);
            return form(401, params, email, 'The e-mail address or current password is not correct.');
          case 'changed':
            return htmlPage(
              200,
              passwordChangedPage({ disconnected: outcome.disconnected, signInHref: signInHref(params) }),
            );
        }
      });
    },
  };
}
