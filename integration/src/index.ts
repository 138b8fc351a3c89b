import zapier, { defineApp } from 'zapier-platform-core';
import packageJson from '../package.json' with { type: 'json' };
import { checkAnswer } from './answer-check.js';
import authentication from './authentication.js';
import createMeeting from './creates/create-meeting.create.js';
import generateDocument from './creates/generate-document.create.js';
import summarizeMeeting from './creates/summarize-meeting.create.js';
import transcribeAudio from './creates/transcribe-audio.create.js';
import { partnerTriggerOperations } from './generated/partner-triggers.js';
import { STEP_HELP } from './listing.js';
import { limitTime, withPlainFailures } from './plain-failures.js';
import findMeeting from './searches/find-meeting.search.js';
import getTranscript from './searches/get-transcript.search.js';
import { addBearer, JSON_ACCEPT, mapErrors } from './service.client.js';
import languagesList from './triggers/languages-list.trigger.js';
import meetingsList from './triggers/meetings-list.trigger.js';
import newMeeting from './triggers/new-meeting.trigger.js';

const partnerTriggers = Object.values(partnerTriggerOperations);
const keyed = <T extends { key: string }>(operations: T[]) =>
  Object.fromEntries(operations.map((operation) => [operation.key, operation]));

// withPlainFailures: a request that got no answer (the app's time limit, a refused connection) fails
// the step with a sentence, since no afterResponse middleware sees it.
export default withPlainFailures(
  defineApp({
    version: packageJson.version,
    platformVersion: zapier.version,
    authentication,
    // Every request asks for JSON; the bearer is added by addBearer, and only to the service's own roots
    // (a requestTemplate header would go to every host, file hosts included). Zapier's SDK and MCP send a
    // user's own requests through the same two (`zapier-platform invoke auth template|render`).
    requestTemplate: { headers: JSON_ACCEPT },
    // Every request has a time limit below Zapier's 30 s; refusals become Zapier's errors (mapErrors), then
    // every success the app reads is checked against its route's shape (checkAnswer).
    beforeRequest: [addBearer, limitTime],
    afterResponse: [mapErrors, checkAnswer],
    // 429s reach mapErrors, the one place errors are mapped, instead of core's generic ThrottledError.
    flags: { throwForThrottlingEarly: false },
    // The catalog's polling triggers, then their instant twins on Parley's hook extension (each from its
    // operation file, collected by catalog name), then the app's own triggers.
    triggers: {
      ...keyed(partnerTriggers.map((t) => t.polling)),
      ...keyed(partnerTriggers.map((t) => t.instant)),
      [newMeeting.key]: newMeeting,
      [meetingsList.key]: meetingsList,
      [languagesList.key]: languagesList,
    },
    searches: { [findMeeting.key]: findMeeting, [getTranscript.key]: getTranscript },
    // Find Meeting, and when it finds nothing, Create Meeting with the same title.
    searchOrCreates: {
      [findMeeting.key]: {
        key: findMeeting.key,
        display: {
          label: 'Find or Create Meeting',
          description: STEP_HELP.find_or_create_meeting,
        },
        search: findMeeting.key,
        create: createMeeting.key,
      },
    },
    creates: {
      [generateDocument.key]: generateDocument,
      [createMeeting.key]: createMeeting,
      [summarizeMeeting.key]: summarizeMeeting,
      [transcribeAudio.key]: transcribeAudio,
    },
  }),
);
