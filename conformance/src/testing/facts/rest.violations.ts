import { onPrefix } from '../blind/edits.js';
import { pathOf } from '../variant-proxy.js';
import {
  answerWhen,
  askedOf,
  blindHooks,
  integerMessageIds,
  localTimestamps,
  peopleShared,
} from './edits-rest.js';
import type { FactViolation } from './fact-violation.js';
import { faulted, proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/rest/rest.facts.ts.

const NOT_FOUND = { detail: 'Not Found' };
const isMeetingRoute = (path: string) =>
  path.startsWith('/v1/') && !/^\/v1\/(stt|tts|denoise|translate-text)/.test(path);
const PAGE_URL = 'https://workspace.example/pages/made-for-the-caller';

export const restViolations: readonly FactViolation[] = [
  proxied(
    'rest.workspace.upload.offered',
    'route-missing',
    'upload-meeting-to-workspace is no route (404)',
    () =>
      answerWhen(
        (req) => pathOf(req) === '/v1/upload-meeting-to-workspace',
        () => [404, NOT_FOUND],
      ),
  ),
  proxied(
    'rest.people.caller-scoped',
    'shared',
    "get-my-people lists the people another key's caller met",
    peopleShared,
  ),
  proxied('rest.health.status', 'no-content', '/health answers 204 with no body', () =>
    answerWhen(
      (req) => pathOf(req) === '/health',
      () => [204, ''],
    ),
  ),
  proxied(
    'rest.health.json',
    'plain-text',
    '/health answers 200 text/plain',
    blindHooks('health-plain-text'),
  ),
  proxied(
    'rest.health.no-credential',
    'needs-key',
    '/health refuses a request without a key (401)',
    blindHooks('health-needs-key'),
  ),
  proxied(
    'rest.health.no-credential-needed',
    'needs-bearer',
    '/health answers 401 {"detail": "Not authenticated"} to a request without a credential',
    () =>
      answerWhen(
        (req) =>
          pathOf(req) === '/health' && !req.headers.has('x-api-key') && !req.headers.has('authorization'),
        () => [401, { detail: 'Not authenticated' }],
      ),
  ),
  faulted('rest.timestamp.rfc3339', 'epoch-timestamps', 'create-meeting timestamps are epoch numbers'),
  proxied(
    'rest.timestamp.utc',
    'local-time',
    'every timestamp written in local time at +02:00 (the same instant, not in UTC)',
    localTimestamps,
  ),
  proxied(
    'rest.identifier.string',
    'integer-message-ids',
    'meeting message ids are integers',
    integerMessageIds,
  ),
  proxied(
    'rest.route.method.post',
    'get-only-listing',
    'get-meetings answers 405 to POST (it is a GET route)',
    () =>
      answerWhen(
        (req) => pathOf(req) === '/v1/get-meetings' && req.method === 'POST',
        () => [405, { detail: 'Method Not Allowed' }],
      ),
  ),
  proxied(
    'rest.route.request.json',
    'form-bodies',
    'create-meeting refuses application/json (415): it reads forms',
    () =>
      answerWhen(
        (req) => pathOf(req) === '/v1/create-meeting' && /json/.test(req.headers.get('content-type') ?? ''),
        () => [415, { detail: 'Unsupported Media Type' }],
      ),
  ),
  faulted('rest.route.answer.json', 'text-content-type', 'JSON answers labelled text/plain'),
  proxied('rest.route.status.200', 'created-201', 'create-meeting answers 201 Created', () =>
    onPrefix('/v1/create-meeting', (b, s) => [s === 200 ? 201 : s, b]),
  ),
  proxied(
    'rest.workspace.user_id.required',
    'caller-default',
    "upload-meeting-to-workspace without user_id uploads for the key's own user (200)",
    () =>
      answerWhen(
        (req, a) =>
          pathOf(req) === '/v1/upload-meeting-to-workspace' &&
          a.status >= 400 &&
          !('user_id' in askedOf(req)),
        () => [200, { success: true, workspace_page_url: PAGE_URL }],
      ),
  ),
  proxied(
    'rest.workspace.meeting_id.required',
    'latest-default',
    'upload-meeting-to-workspace without meeting_id uploads the latest meeting (200)',
    () =>
      answerWhen(
        (req, a) =>
          pathOf(req) === '/v1/upload-meeting-to-workspace' &&
          a.status >= 400 &&
          !('meeting_id' in askedOf(req)),
        () => [200, { success: true, workspace_page_url: PAGE_URL }],
      ),
  ),
  proxied(
    'rest.workspace.answer.success',
    'no-success',
    'upload-meeting-to-workspace answers without success',
    () =>
      onPrefix('/v1/upload-meeting-to-workspace', (b, s) => {
        const { success: _, ...rest } = b;
        return [s, s === 200 ? rest : b];
      }),
  ),
  faulted(
    'rest.workspace.answer.page-url',
    'workspace-url-not-url',
    'the page id answered instead of its URL',
  ),
  proxied('rest.bearer.alternative', 'refused', 'the meeting routes refuse Authorization: Bearer (401)', () =>
    answerWhen(
      (req) =>
        isMeetingRoute(pathOf(req)) && !req.headers.has('x-api-key') && req.headers.has('authorization'),
      () => [401, { success: false, error: 'Missing authorization', code: 'UNAUTHORIZED' }],
    ),
  ),
  proxied(
    'rest.version.v1-prefix',
    'one-route-v2',
    'get-meeting-messages moved to /v2: /v1/get-meeting-messages is 404',
    () =>
      answerWhen(
        (req) => pathOf(req) === '/v1/get-meeting-messages',
        () => [404, { success: false, error: 'Not Found', code: 'NOT_FOUND' }],
      ),
  ),
];
