// The app's fault matrix: what the Zap's owner sees when a deployment breaks the spec. FAULT_CASES are
// the cases the tests run (faults-server.test.ts through the reference server's fault catalog,
// faults-answers.test.ts through edited answers), each with the exact words; the README's table says
// the same (fault-matrix.test.ts compares them). CATALOG_VERDICTS says, for every fault of the server's
// catalog, whether it touches the app: a case here, or why the app does not read it or cannot tell.
import { addBearer, mapErrors } from '../service.client.js';

/** Stands for the deployment's root in the words below (the tests' servers have their own). */
export const DEPLOYMENT = '{deployment}';
const WHO = `This is a fault of the Parley deployment at ${DEPLOYMENT}, not of your Zap: send this message to its administrator.`;
const broken = (route: string, problems: string) =>
  `Parley answered ${route} with an answer the Parley interface does not allow: ${problems}. ${WHO}`;

export interface FaultCase {
  /** What the service did. */
  did: string;
  /** How the tests make it: a fault of the server's catalog, or an edited answer. */
  via: string;
  /** The step(s) that read it. */
  steps: string;
  /** What the Zap's owner sees: the error's exact words, or what the step does instead. */
  sees: string;
}

const EDIT = 'edited answer';

export const FAULT_CASES = {
  meEmailLost: {
    did: '/me answers without `email`',
    via: 'partner-me-email-lost',
    steps: 'connection test (the account label)',
    sees: broken('GET /api/partner/me', '"email" is missing'),
  },
  createdFieldLost: {
    did: 'a created meeting has no `host_user_id`',
    via: 'lost-field',
    steps: 'Create Meeting',
    sees: broken('POST /v1/create-meeting', '"meeting.host_user_id" is missing'),
  },
  createdEpochTime: {
    did: 'a created meeting has a number for `created_at`',
    via: 'epoch-timestamps',
    steps: 'Create Meeting',
    sees: broken('POST /v1/create-meeting', '"meeting.created_at" should be text, not a number'),
  },
  notFoundAs200: {
    did: 'an unknown meeting answers 200 with the 404 error body',
    via: 'not-found-200',
    steps: 'Find Meeting (by ID)',
    sees: `Parley answered GET /api/partner/meetings/mtg_nope with HTTP 200 and an error in its body ("Meeting not found"): a refusal must not be a success. ${WHO}`,
  },
  documentEmpty: {
    did: 'generate-document answers an empty `document_text`',
    via: 'document-text-empty',
    steps: 'Generate Document',
    sees: `Parley answered Generate Document with an empty document. ${WHO}`,
  },
  badInputAs500: {
    did: 'bad input answers 500 instead of 422',
    via: '5xx-on-bad-input',
    steps: 'every action (Summarize Meeting shown)',
    sees: 'ThrottledError (Zapier retries): Parley had a temporary problem (HTTP 500): Parley refused the input. The field "meeting_id" is not accepted: string should have at least 1 character.',
  },
  triggerOldestFirst: {
    did: 'a trigger lists oldest first',
    via: 'trigger-newest-last',
    steps: "the four polling triggers, their instant twins' samples",
    sees: "no error: the items newest first (by the catalog's `orderedBy`)",
  },
  triggerRepeatedId: {
    did: 'a trigger repeats an item (the same `id` twice)',
    via: 'trigger-repeated-id',
    steps: "the four polling triggers, their instant twins' samples",
    sees: 'no error: each id once (deduplicated in the app, the first kept)',
  },
  meetingsOldestFirst: {
    did: 'get-meetings lists oldest first',
    via: 'meetings-newest-last',
    steps: 'meeting dropdown, New Meeting samples, Find Meeting by title',
    sees: 'no error: the meetings newest first (by `updated_at`), so "Load more" continues from the oldest shown',
  },
  meetingsRepeated: {
    did: 'get-meetings repeats a meeting',
    via: 'repeated-item',
    steps: 'meeting dropdown, New Meeting samples, Find Meeting by title',
    sees: 'no error: each meeting once',
  },
  triggerItemWithoutId: {
    did: 'a trigger item without `id`',
    via: EDIT,
    steps: 'the four polling triggers (Meeting Ended shown)',
    sees: broken('GET /api/partner/triggers/meeting-ended', '"[1].id" is missing'),
  },
  meetingsNotAList: {
    did: 'get-meetings `meetings` is not a list',
    via: EDIT,
    steps: 'meeting dropdown, New Meeting samples, Find Meeting by title (shown)',
    sees: broken('POST /v1/get-meetings', '"meetings" should be a list, not an object'),
  },
  htmlAs200: {
    did: 'a 200 with an HTML page',
    via: EDIT,
    steps: 'every step (Find Meeting shown)',
    sees: `Parley answered GET /api/partner/meetings/mtg_01HX9W2Q with a web page instead of JSON (is PARLEY_BASE_URL the address of a Parley deployment, or does a login or proxy page stand in front of it?). ${WHO}`,
  },
  summaryWithoutMessage: {
    did: 'summarize-meeting answers without `meeting_message`',
    via: EDIT,
    steps: 'Summarize Meeting',
    sees: broken('POST /v1/summarize-meeting', '"meeting_message" is missing'),
  },
  sttSpeakerLetters: {
    did: 'file STT speakers are "A", "B"',
    via: `${EDIT} (what stt-speaker-labels does; the server's speech engines stay out of this test)`,
    steps: 'Transcribe Audio (waiting)',
    sees: broken(
      'POST /v1/stt',
      '"utterances[0].speaker" has an unexpected form ("A"); "utterances[1].speaker" has an unexpected form ("B")',
    ),
  },
  transcriptOfAnotherMeeting: {
    did: "get-meeting-transcripts answers another meeting's records",
    via: `${EDIT} (what transcript-records-other-meeting does, on a meeting with a recording)`,
    steps: 'Get Transcript, Meeting Ended (Instant)',
    sees: `Parley answered the transcripts of meeting "mtg_01HX9W2Q" with a record of another meeting ("mtg_other"). ${WHO}`,
  },
  eventWithoutId: {
    did: 'a hook delivery without `id`',
    via: EDIT,
    steps: 'the instant triggers (Meeting Ended (Instant) shown)',
    sees: `Parley sent an event that the Parley interface does not allow: "id" is missing. ${WHO}`,
  },
  callbackWithoutDocument: {
    did: 'a success callback without `document_text`',
    via: EDIT,
    steps: 'Generate Document (Deliver Later, resumed)',
    sees: `Parley sent a Generate Document callback that the Parley interface does not allow: "document_text" is missing. ${WHO}`,
  },
  errorWithoutText: {
    did: 'a 400 whose error body has no `error` text',
    via: EDIT,
    steps: 'every step (Create Meeting shown)',
    sees: 'Parley answered HTTP 400 without saying why (its error body has no "error" text, code BAD_REQUEST)',
  },
  emptyBody502: {
    did: 'a 502 with an empty body',
    via: EDIT,
    steps: 'every step (Summarize Meeting shown)',
    sees: 'ThrottledError (Zapier retries after 60 s): Parley had a temporary problem (HTTP 502): Parley answered HTTP 502 with an empty body',
  },
  hang: {
    did: "no answer (a hang past Zapier's 30 s)",
    via: EDIT,
    steps: 'every step (Find Meeting shown)',
    sees: `Parley (${DEPLOYMENT}) did not answer within 25 seconds (Zapier stops a step at 30). Try again later; for a long recording or meeting, set "Deliver Later" to Yes. If it keeps happening, tell the Parley deployment's administrator.`,
  },
  refused: {
    did: 'the connection is refused',
    via: EDIT,
    steps: 'every step (Find Meeting shown)',
    sees: `Parley (${DEPLOYMENT}) could not be reached (ECONNREFUSED). Check that PARLEY_BASE_URL names a running Parley deployment; if it does, try again later.`,
  },
  tokenWithoutToken: {
    did: 'a token answer without `access_token`',
    via: EDIT,
    steps: 'connecting an account, the token refresh',
    sees: `Parley's token endpoint (${DEPLOYMENT}/api/oauth/partner/token) answered without an access token: check that PARLEY_INTEGRATION_URL points to a Parley deployment.`,
  },
} satisfies Record<string, FaultCase>;

export type FaultCaseName = keyof typeof FAULT_CASES;

/** The words of a case as a deployment at `root` makes them. */
export const wordsOn = (name: FaultCaseName, root: string) =>
  FAULT_CASES[name].sees.split(DEPLOYMENT).join(root);

/**
 * The app with its answer handling removed: no time limit and no shape check, only the bearer and
 * the error mapping it had before. A case run on it shows what the Zap's owner would get without.
 */
export const withoutHandling = <App extends object>(app: App): App => ({
  ...app,
  beforeRequest: [addBearer],
  afterResponse: [mapErrors],
});
