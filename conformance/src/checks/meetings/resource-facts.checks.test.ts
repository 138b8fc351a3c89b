import { describe, expect, it } from 'vitest';
import { FACT_VIOLATIONS } from '../../testing/facts/index.js';
import { judgeThroughProxy, referenceServerOfFile } from '../../testing/mutant-run.js';

// The checks the meeting resources' facts added or tightened, each run clean (it must not fail the
// reference server) and through the violation of the fact it judges (it must FAIL, not could-not-
// judge): a proxy in front of the reference server, never re-recorded answers.

const server = referenceServerOfFile();

const CASES: [check: string, violation: string][] = [
  ['rest.27.people-walk', 'settings-people.people.cursor.moves~ignored'],
  ['rest.27.people-walk', 'settings-people.people.has_more~always-false'],
  ['rest.41.people-presence', 'settings-people.person.guest_profile.presence~dropped'],
  ['rest.41.people-presence', 'settings-people.person.user.presence~dropped'],
  ['rest.41.people-presence', 'settings-people.person.email.presence~dropped'],
  ['rest.40.create-meeting-request-defaults', 'meetings.create.participant_ids.default~filled-in'],
  ['rest.40.create-meeting-request-defaults', 'meetings.meeting.host_user_id.content~other-user'],
  ['rest.40.create-meeting-request-defaults', 'meetings.create.participant_ids.bare-form~refused'],
  ['rest.40.create-meeting-request-defaults', 'meetings.meeting.language.code~named'],
  ['rest.42.messages-cursor', 'messages.list.cursor.moves~ignored'],
  ['rest.42.messages-cursor', 'messages.list.has_more~always-false'],
  ['rest.43.summary-carries', 'messages.message.summary_status.presence~dropped'],
  ['rest.43.summary-carries', 'messages.summarize.answer~typed-user'],
  ['rest.43.summary-carries', 'messages.message.meeting_id.content~other-meeting'],
  ['rest.44.transcript-offsets', 'transcription.chunk.durations.unit~milliseconds'],
  ['rest.44.transcript-offsets', 'transcription.utterance.times.unit~milliseconds'],
  ['rest.44.transcript-offsets', 'transcription.record.utterances.times.unit~milliseconds'],
  ['rest.15.utterance-correction', 'transcription.update.carries-only~whole-utterance'],
  ['rest.14.settings-effects', 'settings-people.update.contextual_keywords.default~filled-in'],
  ['rest.28.transcription-walks', 'transcription.utterances.message_id.filter~ignored'],
  ['rest.28.transcription-walks', 'transcription.chunks.cursor.moves~ignored'],
];

const full = () => ({ profile: 'full' as const, secondApiKey: server().secondApiKey });

describe('the meeting resources’ checks against their facts’ violations', () => {
  it.each([...new Set(CASES.map(([check]) => check))])('%s passes the reference server', async (check) => {
    const result = await judgeThroughProxy(server(), check, () => ({}), full());
    expect(result?.status, result?.message).toBe('PASS');
  });

  it.each(CASES)('%s fails %s', async (check, id) => {
    const violation = FACT_VIOLATIONS.find((v) => v.id === id);
    if (!violation?.hooks) throw new Error(`${id}: no such proxied violation`);
    const result = await judgeThroughProxy(server(), check, violation.hooks, full());
    expect(result?.status, result?.message).toBe('FAIL');
  });
});
