// `npm run reviewer-account -w server -- [--url URL] [--admin-token TOKEN] [--password PASSWORD]`: the
// app review team's account on a running deployment (src/emulator/reviewer-account.ts says what it
// holds). The admin token defaults to PARLEY_ADMIN_TOKEN, else the one `npm start` keeps in
// <PARLEY_DATA_DIR or .data>/credentials.json; the password to REVIEWER_PASSWORD, else a new random one.
// Run it again with another password to set it again; the reviewers change it themselves on the
// password page it prints.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CONFIG_DEFAULTS } from '../src/core/config.js';
import {
  passwordPageUrl,
  provisionReviewer,
  REVIEWER,
  REVIEWER_MEETING_ID,
} from '../src/emulator/reviewer-account.js';
import { keptSecrets } from '../src/store/local-secrets.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://${CONFIG_DEFAULTS.host}:${CONFIG_DEFAULTS.port}` },
    'admin-token': { type: 'string' },
    password: { type: 'string' },
  },
});

const keptAdminToken = () => keptSecrets(process.env.PARLEY_DATA_DIR || CONFIG_DEFAULTS.dataDir).adminToken;

const adminToken = values['admin-token'] ?? process.env.PARLEY_ADMIN_TOKEN ?? keptAdminToken();
if (!adminToken) {
  console.error("No admin token: pass --admin-token or set PARLEY_ADMIN_TOKEN (the deployment's).");
  process.exit(2);
}
const password = values.password ?? process.env.REVIEWER_PASSWORD ?? randomBytes(12).toString('base64url');

const { created } = await provisionReviewer({ baseUrl: values.url, adminToken, password });
console.log(
  [
    created ? 'Reviewer account created.' : 'Reviewer account already there: password set again.',
    `  e-mail    ${REVIEWER.email}`,
    `  password  ${password}`,
    `  meeting   ${REVIEWER_MEETING_ID} (ended; its contact and follow-up e-mail appear once the server's jobs ran)`,
    `  sign in   ${values.url} (the OAuth sign-in page the app opens)`,
    `  change it ${passwordPageUrl(values.url)} (e-mail, current password, new one twice; also linked`,
    "            from the sign-in page; the change disconnects the account's app connections)",
  ].join('\n'),
);
