import { OAUTH_SCOPE_TEXT, oauthPageRoutes } from '../core/contracts.js';
import { PASSWORD_LENGTH } from './passwords.js';

// The server-rendered pages of the authorize step: sign-in, consent and the error page shown when
// the request cannot be sent back to a client; and the page where a user changes their password. Plain HTML forms, no JavaScript, one stylesheet in
// the page; labels on every field, the primary action first in focus order, contrast above 4.5:1.

export interface AuthorizeParams {
  response_type: string;
  client_id: string;
  redirect_uri: string;
  scope: string;
  state: string;
  code_challenge: string;
  code_challenge_method: string;
}

export const AUTHORIZE_PARAM_NAMES: (keyof AuthorizeParams)[] = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
];

/** Where a user changes their password (the catalog's `account-password-page`). */
export const PASSWORD_PATH = oauthPageRoutes.find((r) => r.name === 'account-password-page')?.path ?? '';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{font-family:system-ui,sans-serif;color:#1a1a1a;background:#fff;margin:0;line-height:1.5}
main{max-width:28rem;margin:3rem auto;padding:0 1rem}
h1{font-size:1.5rem}
label{display:block;font-weight:600;margin-top:1rem}
input[type=email],input[type=password]{display:block;width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #595959;border-radius:4px}
button{font-size:1rem;padding:.6rem 1.2rem;margin:1.2rem .6rem 0 0;border-radius:4px;border:2px solid #0b57d0;cursor:pointer}
button.primary{background:#0b57d0;color:#fff}
button.secondary{background:#fff;color:#0b57d0}
:focus-visible{outline:3px solid #b3261e;outline-offset:2px}
.error{color:#b3261e;font-weight:600}
.hint{margin:.2rem 0 0;color:#4a4a4a}
a{color:#0b57d0}
dt{font-weight:600}
dd{margin:0 0 .6rem 0}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Parley</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** `path` with the authorize request's parameters that were given as its query. */
export function hrefWith(path: string, params: AuthorizeParams): string {
  const given = Object.entries(params).filter(([, value]) => value !== '');
  return given.length > 0 ? `${path}?${new URLSearchParams(given).toString()}` : path;
}

function hiddenParams(params: AuthorizeParams): string {
  return AUTHORIZE_PARAM_NAMES.map(
    (name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name])}">`,
  ).join('\n');
}

export function signInPage(input: {
  action: string;
  clientName: string;
  params: AuthorizeParams;
  email?: string;
  error?: string;
}): string {
  const error = input.error
    ? `<p class="error" role="alert" id="sign-in-error">${escapeHtml(input.error)}</p>`
    : '';
  const described = input.error ? ' aria-describedby="sign-in-error"' : '';
  return page(
    'Sign in',
    `<h1>Sign in to Parley</h1>
<p>${escapeHtml(input.clientName)} asks to connect to your Parley account.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}">
${hiddenParams(input.params)}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? '')}"${described}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit" class="primary">Sign in</button>
</form>
<p><a href="${escapeHtml(hrefWith(PASSWORD_PATH, input.params))}">Change your password</a></p>`,
  );
}

/**
 * The password change form. It carries the authorize request it was opened from (the sign-in page's
 * link), so that `signInHref` leads back to it once the password is changed.
 */
export function passwordPage(input: {
  params: AuthorizeParams;
  email: string;
  error?: string | undefined;
  signInHref?: string | undefined;
}): string {
  const error = input.error
    ? `<p class="error" role="alert" id="password-error">${escapeHtml(input.error)}</p>`
    : '';
  const described = input.error ? ' aria-describedby="password-error"' : '';
  const back = input.signInHref ? `<p><a href="${escapeHtml(input.signInHref)}">Back to sign in</a></p>` : '';
  const { min, max } = PASSWORD_LENGTH;
  return page(
    'Change your password',
    `<h1>Change your Parley password</h1>
<p>Applications connected to your account are disconnected when the password changes: connect them again with the new password.</p>
${error}
<form method="post" action="${escapeHtml(PASSWORD_PATH)}">
${hiddenParams(input.params)}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email)}"${described}>
<label for="current_password">Current password</label>
<input id="current_password" name="current_password" type="password" autocomplete="current-password" required${described}>
<label for="new_password">New password</label>
<input id="new_password" name="new_password" type="password" autocomplete="new-password" required minlength="${min}" maxlength="${max}" aria-describedby="new-password-rule${input.error ? ' password-error' : ''}">
<p class="hint" id="new-password-rule">At least ${min} characters.</p>
<label for="new_password_again">New password again</label>
<input id="new_password_again" name="new_password_again" type="password" autocomplete="new-password" required minlength="${min}" maxlength="${max}"${described}>
<button type="submit" class="primary">Change password</button>
</form>
${back}`,
  );
}

export function passwordChangedPage(input: {
  disconnected: number;
  signInHref?: string | undefined;
}): string {
  const apps =
    input.disconnected === 0
      ? 'No application was connected to your account.'
      : `The applications connected to your account (${input.disconnected} connection${input.disconnected === 1 ? '' : 's'}) are disconnected: connect them again with the new password.`;
  const back = input.signInHref ? `<p><a href="${escapeHtml(input.signInHref)}">Back to sign in</a></p>` : '';
  return page(
    'Password changed',
    `<h1>Your password is changed</h1>
<p role="status">Sign in with the new password from now on; the old one no longer works. ${escapeHtml(apps)}</p>
${back}`,
  );
}

export function consentPage(input: {
  action: string;
  clientName: string;
  account: string;
  scopes: string[];
  csrfToken: string;
  params: AuthorizeParams;
}): string {
  const scopes = input.scopes
    .map((scope) => {
      const text = (OAUTH_SCOPE_TEXT as Record<string, string>)[scope] ?? 'Unknown permission.';
      return `<dt>${escapeHtml(scope)}</dt><dd>${escapeHtml(text)}</dd>`;
    })
    .join('\n');
  return page(
    'Allow access',
    `<h1>Allow ${escapeHtml(input.clientName)} to use your Parley account?</h1>
<p>Signed in as <strong>${escapeHtml(input.account)}</strong>.</p>
<h2>${escapeHtml(input.clientName)} will be able to</h2>
<dl>
${scopes}
</dl>
<form method="post" action="${escapeHtml(input.action)}">
${hiddenParams(input.params)}
<input type="hidden" name="csrf_token" value="${escapeHtml(input.csrfToken)}">
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}

export function errorPage(message: string): string {
  return page(
    'Authorization error',
    `<h1>This authorization request cannot be completed</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p>Return to the application you came from and try connecting again.</p>`,
  );
}
