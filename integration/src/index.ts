import zapier, { defineApp } from 'zapier-platform-core';
import packageJson from '../package.json' with { type: 'json' };
import authentication from './authentication.js';
import createMeeting from './creates/create-meeting.create.js';
import generateDocument from './creates/generate-document.create.js';
import summarizeMeeting from './creates/summarize-meeting.create.js';
import transcribeAudio from './creates/transcribe-audio.create.js';
import { partnerTriggerOperations } from './generated/partner-triggers.js';
import findMeeting from './searches/find-meeting.search.js';
import getTranscript from './searches/get-transcript.search.js';
import { addBearer, mapErrors } from './service.client.js';
import languagesList from './triggers/languages-list.trigger.js';
import meetingsList from './triggers/meetings-list.trigger.js';
import newMeeting from './triggers/new-meeting.trigger.js';

const partnerTriggers = Object.values(partnerTriggerOperations);
const keyed = <T extends { key: string }>(operations: T[]) =>
  Object.fromEntries(operations.map((operation) => [operation.key, operation]));

export default defineApp({
  version: packageJson.version,
  platformVersion: zapier.version,
  authentication,
  beforeRequest: [addBearer],
  afterResponse: [mapErrors],
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
        description: 'Finds one of your meetings by ID or title; creates it when none matches.',
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
});
