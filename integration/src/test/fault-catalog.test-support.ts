// For every fault of the server's catalog (server/src/emulator/faults.catalog.ts), whether it touches
// what the app reads: the case of FAULT_CASES that runs it, or why the app is untouched (it never calls
// that route or reads that part), tolerant (it reads the answer correctly anyway), or blind (the answer
// is valid in shape and the app has nothing to compare it with). fault-matrix.test.ts fails when a
// fault of the catalog has no verdict here.
import type { FaultCaseName } from './fault-cases.test-support.js';

export type Verdict =
  | { case: FaultCaseName }
  | { notRead: string }
  | { tolerated: string }
  | { cannotTell: string };

const STREAM = 'the app uses no live stream (no step streams audio)';
const SPEECH_EXTRAS = 'the app calls no TTS, denoise or translate route';
const UNUSED_ROUTE = (route: string) => ({ notRead: `the app never calls ${route}` });

export const CATALOG_VERDICTS: Record<string, Verdict> = {
  'meetings-newest-last': { case: 'meetingsOldestFirst' },
  'has-more-lies': {
    cannotTell:
      'a full page may truly end the list; a wrong "true" costs one empty "Load more", a wrong "false" ends the dropdown early',
  },
  'repeated-item': { case: 'meetingsRepeated' },
  'epoch-timestamps': { case: 'createdEpochTime' },
  'lost-field': { case: 'createdFieldLost' },
  'wrong-status': { tolerated: 'Create Meeting shows the status as it comes and acts on none' },
  'text-content-type': { tolerated: 'core reads a JSON body whatever its Content-Type says' },
  'delete-unsuccessful': UNUSED_ROUTE('delete-meeting'),
  'settings-not-saved': UNUSED_ROUTE('the default meeting settings'),
  'wrong-401-text': {
    tolerated: 'a 401 refreshes the token by its status; the text only goes into the message',
  },
  'auth-bypass': { notRead: 'the app sends its bearer token with every request' },
  'not-found-200': { case: 'notFoundAs200' },
  'wrong-error-code': { tolerated: 'a 404 about a meeting is read by its status, not its code' },
  'error-shape': { tolerated: 'the app reads the error text, not `success`' },
  '5xx-on-bad-input': { case: 'badInputAs500' },
  'validation-loc-wrong': {
    tolerated: 'the problem is still shown, as "The request is not accepted: …" instead of naming the field',
  },
  'invalid-json-text': { notRead: 'the app sends JSON core encodes; it never sends invalid JSON' },
  'stt-error-text': {
    tolerated: "the app always sends audio_url; any error text is shown as the service's words",
  },
  'stt-unordered': {
    cannotTell: 'Transcribe Audio passes the times on as they come; the schema holds no order',
  },
  'stt-speaker-labels': { case: 'sttSpeakerLetters' },
  'stt-unknown-language': {
    cannotTell:
      'the detected language is shown as it comes (the app keeps no copy of the spec codes at run time)',
  },
  'broken-ogg': { notRead: SPEECH_EXTRAS },
  'broken-m4a': { notRead: SPEECH_EXTRAS },
  'signed-url-unchecked': { notRead: 'the app downloads no file the service signs' },
  'stream-auth-close-code': { notRead: STREAM },
  'stream-connected-missing': { notRead: STREAM },
  'stream-finished-missing': { notRead: STREAM },
  'stream-finished-early': { notRead: STREAM },
  'stream-final-id-changed': { notRead: STREAM },
  'stream-non-cumulative': { notRead: STREAM },
  'stream-dropped-final': { notRead: STREAM },
  'stream-end-close-code': { notRead: STREAM },
  'stream-finalize-drops-pending': { notRead: STREAM },
  'stream-finished-at-once-json': { notRead: STREAM },
  'stream-finished-at-once-protobuf': { notRead: STREAM },
  'stream-close-without-terminal': { notRead: STREAM },
  'oauth-state-dropped': { notRead: 'Zapier runs the authorize redirect and compares `state` itself' },
  'refresh-reuse-accepted': {
    cannotTell: 'a repeated token answer looks like a good one; the app keeps using what it is given',
  },
  'token-cacheable': { notRead: 'Zapier caches no token answer; the app reads only the body' },
  'partner-me-email-lost': { case: 'meEmailLost' },
  'trigger-newest-last': { case: 'triggerOldestFirst' },
  'trigger-repeated-id': { case: 'triggerRepeatedId' },
  'details-summary-missing': {
    cannotTell:
      'null is what a meeting without a summary gets; Find Meeting and Meeting Ended (Instant) show no summary',
  },
  'document-text-empty': { case: 'documentEmpty' },
  'callback-signature-wrong': {
    notRead:
      "the callback goes to Zapier's own callback URL, which takes the body without the deployment's webhook secret; the app holds no such secret",
  },
  'partner-401-as-200': { notRead: 'the app sends its bearer token with every request' },
  'participant-removal-ignored': UNUSED_ROUTE('remove-meeting-participants'),
  'co-host-drops-participants': UNUSED_ROUTE('the co-host routes'),
  'meetings-cursor-ignored': {
    cannotTell: 'the app has no memory of the pages it showed; "Load more" may list a meeting again',
  },
  'deleted-message-listed': UNUSED_ROUTE('the meeting message routes'),
  'deleted-meeting-listed': UNUSED_ROUTE('delete-meeting'),
  'transcript-records-other-meeting': { case: 'transcriptOfAnotherMeeting' },
  'transcription-default-limit-50': UNUSED_ROUTE('the live transcription lists'),
  'ended-meeting-end-at-lost': { notRead: 'the app reads no end_at from get-meetings' },
  'max-recording-updatable': UNUSED_ROUTE('the default meeting settings'),
  'utterance-correction-lost': UNUSED_ROUTE('update-transcript-utterance'),
  'chunks-cursor-ignored': UNUSED_ROUTE('get-live-transcription-chunks'),
  'foreign-meetings-listed': {
    cannotTell: "another account's meeting looks like the user's own in the dropdown",
  },
  'foreign-write-accepted': { notRead: 'the app makes none of the writes this fault touches' },
  'stt-fourth-hint-refused': {
    tolerated: 'the refusal (422) reaches the user in the service words, naming the field',
  },
  'stt-hints-keep-last': { cannotTell: 'the transcript does not say which hints were used' },
  'stt-comma-hints-refused': { notRead: 'the app sends language hints as a list' },
  'stt-legacy-hint-refused': { notRead: 'the app sends language_hints, never the legacy language_hint' },
  'stt-keywords-refused': {
    tolerated: 'the refusal reaches the user in the service words, naming the field',
  },
  'stt-protobuf-refused': { notRead: 'the app sends JSON bodies only' },
  'denoise-atten-max-refused': { notRead: SPEECH_EXTRAS },
  'denoise-atten-past-500': { notRead: SPEECH_EXTRAS },
  'translate-ten-targets-refused': { notRead: SPEECH_EXTRAS },
  'translate-long-text-refused': { notRead: SPEECH_EXTRAS },
  'tts-english-only': { notRead: SPEECH_EXTRAS },
  'messages-default-limit-100': UNUSED_ROUTE('get-meeting-messages'),
  'people-default-limit-50': UNUSED_ROUTE('get-my-people'),
  'optional-body-refused': { notRead: 'the app sends a body with every POST' },
  'stream-fourth-hint-refused': { notRead: STREAM },
  'stream-keywords-refused': { notRead: STREAM },
  'stream-reduce-noise-refused': { notRead: STREAM },
  'stream-speaker-always': { notRead: STREAM },
  'stream-hints-keep-last': { notRead: STREAM },
  'stream-encoding-default-opus': { notRead: STREAM },
  'stream-session-id-empty': { notRead: STREAM },
  'token-invalid-grant-misnamed': {
    tolerated:
      "a refusal under another error name is shown in the service's words; only invalid_grant (RFC 6749 §5.2) asks the user to reconnect",
  },
  'token-refusal-403': { tolerated: "the token endpoint's refusal is shown whatever its status" },
  'basic-wrong-secret-400': {
    notRead: 'the app sends its client credentials in the body, not in a Basic header',
  },
  'consent-denied-error-dropped': {
    notRead: "the consent page redirects to the platform's own URL, not to the app's code",
  },
  'revocation-ignored': { notRead: 'the app never revokes a token' },
  'workspace-url-not-url': UNUSED_ROUTE('/v1/upload-meeting-to-workspace'),
  'max-recording-answered-changed': UNUSED_ROUTE('/v1/update-user-default-meeting-setting'),
  'summary-not-listed': UNUSED_ROUTE('/v1/get-meeting-messages'),
  'meetings-page-skips': {
    cannotTell: 'a page without one meeting is valid in shape; the dropdown cannot see a meeting never sent',
  },
  'people-cursor-name-only': UNUSED_ROUTE('/v1/get-my-people'),
  'transcription-page-repeats': UNUSED_ROUTE(
    'the transcription lists (Get Transcript reads the cached transcripts)',
  ),
  'transcription-has-more-early': UNUSED_ROUTE(
    'the transcription lists (Get Transcript reads the cached transcripts)',
  ),
  'stt-protobuf-layout-415': { notRead: 'Transcribe Audio sends a JSON body' },
  'translate-names-refused': { notRead: SPEECH_EXTRAS },
  'null-optional-refused': { notRead: 'the app leaves an optional field out rather than sending null' },
};
