// The faults the reference server can inject (POST /_emulator/faults, admin only, all off by default).
// Each one breaks one rule of the spec at the server's edge, so the conformance kit can prove it
// notices: `check` names the kit check that must fail while the fault is on (npm run kit:self-test).
// The transforms live in faults.http.ts (HTTP requests and answers, with faults.effects.ts,
// faults.pages.ts and faults.lenience.ts) and faults.ws.ts (stream frames).

export interface FaultSpec {
  id: string;
  /** What breaks, in the spec's words. */
  breaks: string;
  /** Area of the conformance kit that must notice (rest, errors, speech, stream, partner). */
  area: 'rest' | 'errors' | 'speech' | 'stream' | 'partner';
  /** Id of the kit check that must fail while the fault is on. */
  check: string;
  /**
   * The fault breaks one of Parley's own choices where the spec leaves room, not the spec itself:
   * the kit catches it when asked for Parley's choices (--parley-choices), and only then.
   */
  parleyChoice?: true;
}

/** The area is the check id's first part (`errors.04.unknown-ids` is an errors check). */
const fault = (id: string, check: string, breaks: string, parleyChoice = false): FaultSpec => ({
  id,
  area: check.slice(0, check.indexOf('.')) as FaultSpec['area'],
  check,
  breaks,
  ...(parleyChoice ? { parleyChoice: true as const } : {}),
});

export const FAULTS: readonly FaultSpec[] = [
  fault('meetings-newest-last', 'rest.03.get-meetings-newest-first', 'get-meetings lists oldest first'),
  fault('has-more-lies', 'rest.05.pagination-walk', 'get-meetings has_more is the opposite of the truth'),
  fault(
    'repeated-item',
    'rest.05.pagination-walk',
    'get-meetings repeats its first item in place of its last',
  ),
  fault('epoch-timestamps', 'rest.01.route-schemas', 'create-meeting timestamps are epoch numbers'),
  fault('lost-field', 'rest.01.route-schemas', 'create-meeting answers without host_user_id'),
  fault('wrong-status', 'rest.02.create-meeting-defaults', 'a new meeting is not MS_LIVE'),
  fault('text-content-type', 'rest.01.route-schemas', 'JSON answers are labelled text/plain'),
  fault('delete-unsuccessful', 'rest.06.stateful-sequence', 'delete-meeting answers success false'),
  fault('settings-not-saved', 'rest.07.settings-round-trip', 'saved default settings read back as defaults'),
  fault('wrong-401-text', 'errors.01.auth-texts', 'a 401 says "Unauthorized" instead of the spec text'),
  fault('auth-bypass', 'errors.01.auth-texts', 'a request without a key is served as the last caller'),
  fault('not-found-200', 'errors.04.unknown-ids', 'a 404 is turned into a 200'),
  fault('wrong-error-code', 'errors.04.unknown-ids', 'NOT_FOUND is reported as MEETING_NOT_FOUND'),
  fault('error-shape', 'errors.04.unknown-ids', 'error bodies lose `success`'),
  fault('5xx-on-bad-input', 'errors.05.no-5xx-for-bad-input', '400 and 422 become 500'),
  fault(
    'validation-loc-wrong',
    'errors.03.schema-violations',
    'validation detail loc points at the body root',
  ),
  fault('invalid-json-text', 'errors.02.invalid-json', 'Invalid JSON is worded differently'),
  fault('stt-error-text', 'speech.02.error-table', 'Missing audio_url is worded differently'),
  fault('stt-unordered', 'speech.01.stt-fixture', 'file STT utterances end before they start'),
  fault('stt-speaker-labels', 'speech.01.stt-fixture', 'file STT speakers are "A", "B", ...'),
  fault('stt-unknown-language', 'speech.01.stt-fixture', 'detected_language is not a spec code'),
  fault('broken-ogg', 'speech.03.tts-ogg-opus', 'the TTS file is not OGG/Opus'),
  fault('broken-m4a', 'speech.05.denoise-m4a', 'the denoised file is not M4A/AAC'),
  fault('signed-url-unchecked', 'speech.04.signed-url-tamper', 'a tampered file signature is served'),
  fault('stream-auth-close-code', 'stream.01.bad-key-1008', 'a bad key closes with 1011'),
  fault('stream-connected-missing', 'stream.02.json-session', 'no {connected:true}'),
  fault('stream-finished-missing', 'stream.02.json-session', 'no {finished:true} after the finals'),
  fault('stream-finished-early', 'stream.02.json-session', '{finished:true} before the finals'),
  fault('stream-final-id-changed', 'stream.03.utterance-ids', "a final's id differs from its interims'"),
  fault('stream-non-cumulative', 'stream.04.cumulative-text', 'interims carry only their last word'),
  fault('stream-dropped-final', 'stream.05.no-final-lost', 'the last final is never sent'),
  fault('stream-end-close-code', 'stream.02.json-session', 'the session ends with close code 1011'),
  // Finalize faults (faults.ws-finalize.ts): unseen while every final comes before the empty frame.
  fault(
    'stream-finalize-drops-pending',
    'stream.08.finalize-pending',
    'the utterance pending at the empty frame is never finalized: no final, then the terminal frame',
  ),
  fault(
    'stream-finished-at-once-json',
    'stream.08.finalize-pending',
    'JSON mode: the empty frame is answered at once with {finished:true} and the close',
  ),
  fault(
    'stream-finished-at-once-protobuf',
    'stream.08.finalize-pending',
    'protobuf mode: the empty frame is answered at once with SESSION_ENDED and the close',
  ),
  fault(
    'stream-close-without-terminal',
    'stream.08.finalize-pending',
    'the socket closes right after the pending final, without the terminal frame',
  ),
  fault(
    'oauth-state-dropped',
    'partner.01.oauth-pkce-flow',
    'the authorization redirect back to the client loses `state`',
  ),
  fault(
    'refresh-reuse-accepted',
    'partner.02.token-refresh-rotation',
    'a rotated (or otherwise refused) grant is answered with the last tokens issued',
    true,
  ),
  fault('token-cacheable', 'partner.01.oauth-pkce-flow', 'token answers may be cached (no no-store)'),
  fault('partner-me-email-lost', 'partner.03.me', '/api/partner/me answers without email'),
  fault('trigger-newest-last', 'partner.04.triggers', 'triggers list oldest first'),
  fault(
    'trigger-repeated-id',
    'partner.04.triggers',
    'a trigger repeats its first item in place of its last',
  ),
  fault(
    'details-summary-missing',
    'partner.05.meeting-details',
    'meeting details say latest_summary null although the meeting has summaries',
  ),
  fault('document-text-empty', 'partner.06.generate-document', 'generate-document answers no text'),
  fault(
    'callback-signature-wrong',
    'partner.06.generate-document',
    'generate-document callbacks carry a signature that does not verify',
  ),
  fault('partner-401-as-200', 'partner.07.no-token-401', 'partner routes without a token answer 200'),
  fault(
    'token-invalid-grant-misnamed',
    'partner.08.token-errors',
    'the token endpoint calls an unknown or used code invalid_request instead of invalid_grant',
  ),
  fault('token-refusal-403', 'partner.08.token-errors', 'the token endpoint refuses with 403 instead of 400'),
  fault(
    'basic-wrong-secret-400',
    'partner.09.client-authentication',
    'a wrong client secret sent by HTTP Basic is a 400 without WWW-Authenticate instead of a 401',
  ),
  fault(
    'consent-denied-error-dropped',
    'partner.10.consent-denied',
    'a denied consent redirects back without error=access_denied',
  ),
  fault(
    'revocation-ignored',
    'partner.11.refresh-after-revocation',
    'RFC 7009 revocation answers 200 and revokes nothing: the refresh token keeps working',
  ),
  fault(
    'workspace-url-not-url',
    'rest.30.workspace-upload',
    'upload-meeting-to-workspace answers the page id instead of its URL',
  ),
  // The effects of writes as a reader sees them (faults.effects.ts).
  fault(
    'participant-removal-ignored',
    'rest.09.participant-effects',
    'a removed participant is still in participant_ids',
  ),
  fault(
    'co-host-drops-participants',
    'rest.10.co-host-effects',
    'assign-co-host and remove-co-host leave only the host among the participants',
  ),
  fault(
    'meetings-cursor-ignored',
    'rest.11.get-meetings-cursor',
    'get-meetings with last_updated_at also lists meetings updated at or after it',
  ),
  fault('deleted-message-listed', 'rest.12.message-delete-effects', 'a deleted message is still listed'),
  fault('deleted-meeting-listed', 'rest.13.meeting-delete-effects', 'a deleted meeting is still listed'),
  // The records a deployment is given: cached transcripts, the default page, ended meetings (faults.effects.ts).
  fault(
    'transcript-records-other-meeting',
    'rest.23.cached-transcripts',
    "get-meeting-transcripts answers records of another meeting's id",
  ),
  fault(
    'transcription-default-limit-50',
    'rest.24.transcription-default-limit',
    'get-live-transcription-chunks and get-transcript-utterances without a limit list 50',
  ),
  fault(
    'ended-meeting-end-at-lost',
    'rest.25.ended-meetings-end-at',
    'get-meetings lists EMS_ENDED meetings without end_at',
  ),
  fault(
    'max-recording-updatable',
    'rest.14.settings-effects',
    'an update that sets max_recording_minutes (not updatable) is accepted and applied',
  ),
  fault(
    'max-recording-answered-changed',
    'rest.14.settings-effects',
    'an update that sets max_recording_minutes answers it changed while storing nothing',
  ),
  fault(
    'summary-not-listed',
    'rest.26.summary-listed',
    'the AI summary summarize-meeting made is missing from get-meeting-messages',
  ),
  fault(
    'utterance-correction-lost',
    'rest.15.utterance-correction',
    'a corrected utterance reads back with its first text',
  ),
  fault(
    'chunks-cursor-ignored',
    'rest.16.transcription-cursors',
    'get-live-transcription-chunks lists chunks updated before last_updated_at too',
  ),
  fault(
    'foreign-meetings-listed',
    'errors.07.second-account-reads',
    "get-meetings lists another account's meetings",
  ),
  fault(
    'foreign-write-accepted',
    'errors.08.second-account-writes',
    'a write to a meeting the caller cannot see answers 200 instead of 404',
  ),
  // Paging, seen only by a client that walks every page (faults.pages.ts).
  fault(
    'meetings-page-skips',
    'rest.05.pagination-walk',
    'get-meetings after a cursor leaves out the first meeting of the page',
  ),
  fault(
    'people-cursor-name-only',
    'rest.27.people-walk',
    "get-my-people's cursor compares the name alone: the people sharing its name are skipped",
  ),
  fault(
    'transcription-page-repeats',
    'rest.28.transcription-walks',
    'the transcription lists take last_updated_at inclusively: the record at the cursor comes again',
  ),
  fault(
    'transcription-has-more-early',
    'rest.28.transcription-walks',
    'the transcription lists answer has_more false on a full page although more follow',
  ),
  // The rules of lenience (faults.lenience.ts, faults.ws.ts): what must be accepted is refused.
  fault('stt-fourth-hint-refused', 'speech.07.stt-language-hints', 'file STT refuses a fourth language hint'),
  fault(
    'stt-hints-keep-last',
    'speech.07.stt-language-hints',
    'file STT keeps the last three language hints, not the first three',
  ),
  fault('stt-comma-hints-refused', 'speech.07.stt-language-hints', 'file STT refuses comma-separated hints'),
  fault(
    'stt-legacy-hint-refused',
    'speech.07.stt-language-hints',
    'file STT refuses the legacy language_hint',
  ),
  fault(
    'stt-keywords-refused',
    'speech.08.stt-context-keywords',
    'file STT refuses keywords past 2000 characters',
  ),
  fault('stt-protobuf-refused', 'speech.09.stt-protobuf-body', 'file STT refuses a protobuf body (415)'),
  fault(
    'stt-protobuf-layout-415',
    'speech.15.stt-protobuf-media-type',
    'file STT refuses a protobuf body of a layout it does not read as an unsupported media type (415)',
  ),
  fault('denoise-atten-max-refused', 'speech.10.denoise-atten-range', 'denoise refuses atten_limit_db 100'),
  fault(
    'denoise-atten-past-500',
    'speech.10.denoise-atten-range',
    'denoise answers 500 to atten_limit_db past 0-100',
  ),
  fault('translate-ten-targets-refused', 'speech.11.translate-targets', 'translate-text refuses ten targets'),
  fault(
    'translate-long-text-refused',
    'speech.12.translate-text-length',
    'translate-text refuses 100,000 characters',
  ),
  fault(
    'translate-names-refused',
    'speech.14.translate-language-names',
    'translate-text refuses a language given by name ("French") where it takes its code',
  ),
  fault(
    'null-optional-refused',
    'rest.29.optional-forms',
    'the routes refuse null in the fields the spec types "string or null", "integer or null", "boolean or null"',
  ),
  fault('tts-english-only', 'speech.13.tts-language-detected', 'TTS fails on text that is not English'),
  fault(
    'messages-default-limit-100',
    'rest.20.messages-default-limit',
    'get-meeting-messages without a limit lists 100',
  ),
  fault('people-default-limit-50', 'rest.21.people-default-limit', 'get-my-people without a limit lists 50'),
  fault(
    'optional-body-refused',
    'rest.22.optional-bodies',
    'the routes whose body is optional refuse a request without one (400)',
  ),
  fault(
    'stream-fourth-hint-refused',
    'stream.20.hints-keywords-defaults',
    'a fourth query hint fails the session',
  ),
  fault(
    'stream-keywords-refused',
    'stream.20.hints-keywords-defaults',
    'config keywords past 2000 characters refused',
  ),
  fault(
    'stream-reduce-noise-refused',
    'stream.20.hints-keywords-defaults',
    'reduce_noise=true fails the session',
  ),
  fault(
    'stream-speaker-always',
    'stream.20.hints-keywords-defaults',
    'chunks carry a speaker with diarization off',
  ),
  fault(
    'stream-hints-keep-last',
    'stream.20.hints-keywords-defaults',
    'the query keeps its last three language hints, not the first three',
  ),
  fault(
    'stream-encoding-default-opus',
    'stream.20.hints-keywords-defaults',
    'a config without encoding is read as Opus, not pcm16',
  ),
  fault(
    'stream-session-id-empty',
    'stream.20.hints-keywords-defaults',
    'no session_id generated when the config has none',
  ),
];

/**
 * Faults no conformance check can see, for the load package's soak: a seeded leak its memory
 * verdict must catch (faults.leak.ts). Listed apart from FAULTS, whose every entry the kit's
 * self-test expects one of its checks to fail.
 */
export const RETAIN_REQUEST_BODIES = 'retain-request-bodies';
export const SOAK_FAULTS = [
  {
    id: RETAIN_REQUEST_BODIES,
    breaks: 'every HTTP request body is kept in memory for the life of the process',
  },
] as const;

/** The ids of `ids` that name no fault of either list. */
export function unknownFaults(ids: readonly string[]): string[] {
  const known = (id: string) => FAULTS.some((f) => f.id === id) || SOAK_FAULTS.some((f) => f.id === id);
  return ids.filter((id) => !known(id));
}

const active = new Set<string>();

/** The faults now on (one set per process: the reference server runs one app per process). */
export const activeFaults = {
  has: (id: string): boolean => active.size > 0 && active.has(id),
  any: (): boolean => active.size > 0,
  /** A fault of FAULTS is on (one that rewrites answers, not only a soak fault). */
  anyConformance: (): boolean => active.size > 0 && FAULTS.some((f) => active.has(f.id)),
  list: (): string[] => [...active],
  set(ids: readonly string[]): string[] {
    const unknown = unknownFaults(ids);
    if (unknown.length > 0) return unknown;
    active.clear();
    for (const id of ids) active.add(id);
    return [];
  },
};
