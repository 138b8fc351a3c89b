import type { Area } from '../check.js';
import type { Check } from './define.js';
import { effectsIsolationChecks } from './errors/effects-isolation.checks.js';
import { errorsChecks } from './errors/errors.checks.js';
import { createRequestChecks } from './meetings/create-request.checks.js';
import { effectsDeletesChecks } from './meetings/effects-deletes.checks.js';
import { effectsMeetingsChecks } from './meetings/effects-meetings.checks.js';
import { endedMeetingsChecks } from './meetings/ended-meetings.checks.js';
import { meetingsWalkChecks } from './meetings/meetings-walk.checks.js';
import { effectsListingsChecks } from './messages/effects-listings.checks.js';
import { messagesCursorChecks } from './messages/messages-cursor.checks.js';
import { summaryCarriesChecks } from './messages/summary-carries.checks.js';
import { partnerChecks } from './partner/partner.checks.js';
import { partnerRevocationChecks } from './partner/partner-revocation.checks.js';
import { partnerTokenChecks } from './partner/partner-token.checks.js';
import { lenienceBodiesChecks } from './rest/lenience-bodies.checks.js';
import { leniencePagesChecks } from './rest/lenience-pages.checks.js';
import { restChecks } from './rest/rest.checks.js';
import { routeInputsChecks } from './rest/route-inputs.checks.js';
import { effectsSettingsChecks } from './settings-people/effects-settings.checks.js';
import { peoplePresenceChecks } from './settings-people/people-presence.checks.js';
import { lenienceAudioChecks } from './speech/lenience-audio.checks.js';
import { lenienceFormsChecks } from './speech/lenience-forms.checks.js';
import { lenienceSttChecks } from './speech/lenience-stt.checks.js';
import { speechChecks } from './speech/speech.checks.js';
import { sttConversationChecks } from './speech/stt-conversation.checks.js';
import { translateFormatChecks } from './speech/translate-format.checks.js';
import { lenienceStreamChecks } from './stream/lenience-stream.checks.js';
import { streamChecks } from './stream/stream.checks.js';
import { streamFinalizeChecks } from './stream/stream-finalize.checks.js';
import { streamTimingChecks } from './stream/stream-timing.checks.js';
import { effectsTranscriptsChecks } from './transcription/effects-transcripts.checks.js';
import { transcriptOffsetsChecks } from './transcription/transcript-offsets.checks.js';
import { transcriptRecordsChecks } from './transcription/transcript-records.checks.js';
import { walksChecks } from './transcription/walks.checks.js';

// The registry: every check, in run order. Ids are never reused (a retired check's id stays retired).
// The stream checks come last: their live sessions (started with the run) stream in real time while
// the other areas' checks run, and are judged once everything else is done.

export const CHECKS: readonly Check[] = [
  ...restChecks,
  ...meetingsWalkChecks,
  ...effectsMeetingsChecks,
  ...effectsDeletesChecks,
  ...effectsListingsChecks,
  ...effectsSettingsChecks,
  ...effectsTranscriptsChecks,
  ...transcriptRecordsChecks,
  ...transcriptOffsetsChecks,
  ...endedMeetingsChecks,
  ...createRequestChecks,
  ...messagesCursorChecks,
  ...summaryCarriesChecks,
  ...peoplePresenceChecks,
  ...errorsChecks,
  ...effectsIsolationChecks,
  ...leniencePagesChecks,
  ...walksChecks,
  ...lenienceBodiesChecks,
  ...speechChecks,
  ...lenienceSttChecks,
  ...lenienceAudioChecks,
  ...lenienceFormsChecks,
  ...sttConversationChecks,
  ...translateFormatChecks,
  ...routeInputsChecks,
  ...partnerChecks,
  ...partnerTokenChecks,
  ...partnerRevocationChecks,
  ...streamChecks,
  ...streamTimingChecks,
  ...streamFinalizeChecks,
  ...lenienceStreamChecks,
];
export const AREAS: readonly Area[] = ['rest', 'errors', 'speech', 'stream', 'partner'];

/** Checks selected by --only/--exclude (ids, id prefixes or areas) and the profile. */
export function selectChecks(options: {
  only?: string[];
  exclude?: string[];
  profile: 'smoke' | 'full';
}): Check[] {
  const matches = (check: Check, term: string) =>
    check.area === term || check.id === term || check.id.startsWith(`${term}.`);
  return CHECKS.filter(
    (check) =>
      check.profiles.includes(options.profile) &&
      (!options.only?.length || options.only.some((t) => matches(check, t))) &&
      !options.exclude?.some((t) => matches(check, t)),
  );
}
