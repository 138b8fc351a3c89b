import type { Area } from '../check.js';
import type { Check } from './define.js';
import { effectsDeletesChecks } from './effects-deletes.checks.js';
import { effectsIsolationChecks } from './effects-isolation.checks.js';
import { effectsListingsChecks } from './effects-listings.checks.js';
import { effectsMeetingsChecks } from './effects-meetings.checks.js';
import { effectsSettingsChecks } from './effects-settings.checks.js';
import { effectsTranscriptsChecks } from './effects-transcripts.checks.js';
import { endedMeetingsChecks } from './ended-meetings.checks.js';
import { errorsChecks } from './errors.checks.js';
import { lenienceAudioChecks } from './lenience-audio.checks.js';
import { lenienceBodiesChecks } from './lenience-bodies.checks.js';
import { lenienceFormsChecks } from './lenience-forms.checks.js';
import { leniencePagesChecks } from './lenience-pages.checks.js';
import { lenienceStreamChecks } from './lenience-stream.checks.js';
import { lenienceSttChecks } from './lenience-stt.checks.js';
import { meetingsWalkChecks } from './meetings-walk.checks.js';
import { partnerChecks } from './partner.checks.js';
import { partnerRevocationChecks } from './partner-revocation.checks.js';
import { partnerTokenChecks } from './partner-token.checks.js';
import { restChecks } from './rest.checks.js';
import { routeInputsChecks } from './route-inputs.checks.js';
import { speechChecks } from './speech.checks.js';
import { streamChecks } from './stream.checks.js';
import { streamFinalizeChecks } from './stream-finalize.checks.js';
import { transcriptRecordsChecks } from './transcript-records.checks.js';
import { walksChecks } from './walks.checks.js';

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
  ...endedMeetingsChecks,
  ...errorsChecks,
  ...effectsIsolationChecks,
  ...leniencePagesChecks,
  ...walksChecks,
  ...lenienceBodiesChecks,
  ...speechChecks,
  ...lenienceSttChecks,
  ...lenienceAudioChecks,
  ...lenienceFormsChecks,
  ...routeInputsChecks,
  ...partnerChecks,
  ...partnerTokenChecks,
  ...partnerRevocationChecks,
  ...streamChecks,
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
