import type { Variant } from '../variant-edits.js';
import { BLIND_VARIANTS } from './variants.js';
import { BLIND_VIOLATIONS } from './violations.js';

// How the self-test runs the blind cases, decided after they were written (the catalogs stay as
// written): each violation with the one check that must fail on it (the most specific check the
// whole kit failed it with), and each variant with the checks that see its difference (area names
// run every check of the area). blind.test.ts fails on a case without a decision.

/** The check that must fail on each blind violation. */
export const VIOLATION_CHECKS: Readonly<Record<string, string>> = {
  // meeting REST
  'meetings-page-overfills': 'rest.05.pagination-walk',
  'meetings-oldest-first': 'rest.03.get-meetings-newest-first',
  'meetings-cursor-repeats-boundary': 'rest.11.get-meetings-cursor',
  'meetings-listing-misses-ended': 'rest.25.ended-meetings-end-at',
  'create-meeting-host-not-participant': 'rest.02.create-meeting-defaults',
  'create-meeting-status-scheduled': 'rest.02.create-meeting-defaults',
  'create-meeting-title-null': 'rest.02.create-meeting-defaults',
  'meeting-timestamps-naive': 'rest.01.route-schemas',
  'add-participants-drops-invitees': 'rest.09.participant-effects',
  'remove-participants-not-saved': 'rest.09.participant-effects',
  'co-host-answer-without-profiles': 'rest.10.co-host-effects',
  'delete-meeting-not-deleted': 'rest.13.meeting-delete-effects',
  'delete-unknown-message-succeeds': 'rest.12.message-delete-effects',
  'messages-miss-summaries': 'rest.26.summary-listed',
  'messages-default-limit-20': 'rest.20.messages-default-limit',
  'messages-unknown-meeting-empty': 'errors.04.unknown-ids',
  'chunks-cursor-skips-boundary': 'rest.28.transcription-walks',
  'utterances-default-limit-50': 'rest.24.transcription-default-limit',
  'utterances-confidence-percent': 'rest.15.utterance-correction',
  'utterance-correction-lost': 'rest.15.utterance-correction',
  'utterance-update-without-speaker': 'rest.15.utterance-correction',
  // settings, summaries, ask-ai, contacts
  'setting-update-keeps-omitted': 'rest.14.settings-effects',
  'setting-max-minutes-string': 'rest.07.settings-round-trip',
  'setting-max-minutes-updatable': 'rest.14.settings-effects',
  'summary-force-refresh-ignored': 'rest.26.summary-listed',
  'summarize-without-ai-model': 'rest.01.route-schemas',
  'ask-ai-plan-id-number': 'rest.01.route-schemas',
  'people-default-limit-10': 'rest.21.people-default-limit',
  // errors
  'missing-key-says-invalid': 'errors.01.auth-texts',
  'invalid-key-403': 'errors.01.auth-texts',
  'not-found-body-framework-default': 'errors.04.unknown-ids',
  'summarize-unknown-meeting-500': 'errors.08.second-account-writes',
  'validation-detail-string': 'errors.03.schema-violations',
  'invalid-json-500': 'errors.02.invalid-json',
  'create-meeting-title-coerced': 'errors.03.schema-violations',
  // speech
  'stt-ms-unrounded': 'speech.01.stt-fixture',
  'stt-speaker-number': 'speech.01.stt-fixture',
  'stt-detected-language-name': 'speech.01.stt-fixture',
  'stt-comma-hints-refused': 'speech.07.stt-language-hints',
  'stt-fourth-hint-refused': 'speech.07.stt-language-hints',
  'stt-legacy-hint-refused': 'speech.07.stt-language-hints',
  'stt-comma-keywords-refused': 'speech.08.stt-context-keywords',
  'stt-long-keywords-refused': 'speech.08.stt-context-keywords',
  'stt-missing-url-422': 'speech.02.error-table',
  'stt-empty-body-invalid-json': 'speech.02.error-table',
  'stt-query-key-ignored': 'speech.02.error-table',
  'tts-json-answer': 'speech.03.tts-ogg-opus',
  'tts-missing-field-200': 'speech.02.error-table',
  'denoise-url-unsigned': 'speech.05.denoise-m4a',
  'denoise-zero-refused': 'speech.10.denoise-atten-range',
  'denoise-atten-string': 'speech.05.denoise-m4a',
  'translate-names-refused': 'speech.14.translate-language-names',
  'translate-nine-targets-max': 'speech.11.translate-targets',
  'translate-long-text-refused': 'speech.12.translate-text-length',
  // live stream
  'stream-no-connected': 'stream.02.json-session',
  'stream-id-per-frame': 'stream.03.utterance-ids',
  'stream-text-delta': 'stream.04.cumulative-text',
  'stream-no-terminal-frame': 'stream.08.finalize-pending',
  'stream-proto-no-terminal-frame': 'stream.06.protobuf-session',
  'stream-trailing-final-lost': 'stream.05.no-final-lost',
  'stream-speaker-number': 'stream.02.json-session',
  'stream-no-session-id': 'stream.02.json-session',
  'stream-bad-auth-close-4401': 'stream.01.bad-key-1008',
  'stream-format-json-ignored': 'stream.02.json-session',
  'stream-query-diarization-ignored': 'stream.20.hints-keywords-defaults',
  'stream-config-diarization-ignored': 'stream.20.hints-keywords-defaults',
  'stream-finalize-stalls': 'stream.08.finalize-pending',
  // automation platform and health
  'oauth-token-error-200': 'partner.08.token-errors',
  'oauth-token-no-refresh-token': 'partner.01.oauth-pkce-flow',
  'oauth-bad-code-invalid-request': 'partner.08.token-errors',
  'oauth-redirect-drops-state': 'partner.01.oauth-pkce-flow',
  'meeting-ended-oldest-first': 'partner.04.triggers',
  'summary-ready-id-is-meeting': 'partner.04.triggers',
  'contact-id-per-poll': 'partner.04.triggers',
  'meeting-ended-count-string': 'partner.04.triggers',
  'meeting-details-first-summary': 'partner.05.meeting-details',
  'partner-me-no-email': 'partner.03.me',
  'generate-document-callback-ignored': 'partner.06.generate-document',
  'generate-document-no-text': 'partner.06.generate-document',
  'health-needs-key': 'rest.08.health',
  'health-plain-text': 'rest.08.health',
};

/**
 * Violations judged in the full profile though their check runs in smoke: smoke samples one invalid
 * body per route (a fault that breaks one form of one field is seen when every one is sent), and
 * polls each trigger once (a key that changes from poll to poll is seen on the second).
 */
export const FULL_PROFILE: ReadonlySet<string> = new Set([
  'create-meeting-title-coerced',
  'contact-id-per-poll',
]);

/** The checks that see each blind variant (which must pass them). */
export const VARIANT_CHECKS: Readonly<Record<string, readonly string[]>> = {
  'extra-fields-in-answers': ['rest', 'errors', 'speech.02', 'speech.15'],
  'unlisted-fields-dropped': ['rest.01', 'rest.02', 'rest.06', 'rest.09', 'rest.10', 'rest.05'],
  'message-ids-uuid': ['rest', 'errors', 'partner.04', 'partner.05'],
  'timestamps-offset-form': ['rest', 'errors', 'partner.04', 'partner.05'],
  'meeting-ended-status-other-name': ['rest.01', 'rest.05', 'rest.25'],
  'messages-oldest-first': [
    'rest.06',
    'rest.12',
    'rest.13',
    'rest.20',
    'rest.26',
    'rest.29',
    'errors.02',
    'errors.04',
    'errors.05',
  ],
  'meetings-limit-clamped': ['rest.04', 'rest.05'],
  'next-actions-other-type': ['rest.01', 'rest.06', 'rest.29'],
  'error-codes-other-names': ['errors', 'rest.12', 'rest.13'],
  'validation-without-input-ctx': ['errors', 'rest.04', 'rest.14'],
  'denoise-basic-version': ['speech.05', 'speech.10'],
  'stt-result-without-session-id': ['speech.01', 'speech.07', 'speech.08', 'speech.09'],
  'translate-map-shape': ['speech.06', 'speech.11', 'speech.12', 'speech.14'],
  'stream-speaker-unresolved': ['stream'],
  'stream-finalize-later': ['stream'],
  'oauth-token-other-lifetime': ['partner'],
  'partner-errors-other-shape': ['partner'],
  'health-minimal': ['rest.08'],
};

/** The blind violations as self-test faults: `only` the check that must catch each. */
export const BLIND_FAULTS: readonly Variant[] = BLIND_VIOLATIONS.map((v) => ({
  ...v,
  only: VIOLATION_CHECKS[v.id] ? [VIOLATION_CHECKS[v.id] as string] : [],
  ...(FULL_PROFILE.has(v.id) ? { profile: 'full' as const } : {}),
}));

/** The blind variants as allowed variants of the self-test: `only` the checks that see each. */
export const BLIND_SELF_TEST_VARIANTS: readonly Variant[] = BLIND_VARIANTS.map((v) => ({
  ...v,
  only: [...(VARIANT_CHECKS[v.id] ?? [])],
}));

/** Whether a case id is named: by itself, or by a prefix ending in `*`. */
export const namesCase = (name: string, id: string): boolean =>
  name.endsWith('*') ? id.startsWith(name.slice(0, -1)) : id === name;

/** The cases `names` name (all of them when none is given). */
export const namedCases = <T extends { id: string }>(list: readonly T[], names: readonly string[]): T[] =>
  list.filter((c) => names.length === 0 || names.some((n) => namesCase(n, c.id)));
