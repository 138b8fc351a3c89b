// The limits, defaults and status strings of constants.ts are repeated as schema keywords (JSON Schema
// cannot import them); this keeps the two homes equal.
import { describe, expect, it } from 'vitest';
import {
  ErrorCodes,
  FIRST_PAGE_CURSOR,
  Limits,
  MeetingStatus,
  MessageType,
  NextActionType,
  SummaryStatus,
} from './constants.js';
import { getSchema, schemaIds, validate } from './index.js';

/** The keyword object at a path of property names / keywords inside a schema. */
function at(id: string, ...path: string[]): Record<string, unknown> {
  let node: unknown = getSchema(id);
  for (const key of path) node = (node as Record<string, unknown>)[key];
  if (!node || typeof node !== 'object') throw new Error(`${id}: nothing at ${path.join('/')}`);
  return node as Record<string, unknown>;
}
const prop = (id: string, ...names: string[]) => at(id, ...names.flatMap((n) => ['properties', n]));

describe('constants.ts and the schemas agree', () => {
  it.each([
    ['get-meetings.request', Limits.meetings],
    ['get-meeting-messages.request', Limits.meetingMessages],
    ['get-live-transcription-chunks.request', Limits.transcription],
    ['get-transcript-utterances.request', Limits.transcription],
    ['get-my-people.request', Limits.people],
  ] as const)('%s: limit default and maximum', (id, limit) => {
    expect(prop(id, 'limit')).toMatchObject({ default: limit.default, maximum: limit.max, minimum: 1 });
    const fields = Object.keys(at(id, 'properties'));
    const base = Object.fromEntries(
      Object.entries({ meeting_id: 'm', last_updated_at: FIRST_PAGE_CURSOR }).filter(([k]) =>
        fields.includes(k),
      ),
    );
    const filled = validate(id, { ...base });
    expect(filled.ok && filled.value).toMatchObject({ limit: limit.default });
    expect(validate(id, { ...base, limit: limit.max }).ok).toBe(true);
    expect(validate(id, { ...base, limit: limit.max + 1 }).ok).toBe(false);
  });

  it('get-meetings: default 50, maximum 50, as the spec states', () => {
    expect(Limits.meetings).toEqual({ default: 50, max: 50 });
  });

  it('denoise: atten_limit_db 0 to 100', () => {
    expect(prop('denoise.request', 'atten_limit_db')).toMatchObject({
      minimum: Limits.attenLimitDb.min,
      maximum: Limits.attenLimitDb.max,
    });
  });

  it('translate-text: 10 targets and 100,000 characters', () => {
    expect(prop('translate-text.request', 'target_languages').maxItems).toBe(Limits.translateTargets);
    expect(prop('translate-text.request', 'text').maxLength).toBe(Limits.translateTextChars);
  });

  it('triggers: at most 50 items', () => {
    const triggers = schemaIds().filter((id) => /^trigger-.*\.response$/.test(id));
    expect(triggers).toHaveLength(4);
    for (const id of triggers) expect(getSchema(id).maxItems, id).toBe(Limits.triggerItems);
  });

  it('status and type strings', () => {
    expect(prop('create-meeting.response', 'meeting').allOf).toContainEqual(
      expect.objectContaining({
        properties: expect.objectContaining({ status: { const: MeetingStatus.LIVE } }),
      }),
    );
    expect(at('meeting', 'if', 'properties', 'status').const).toBe(MeetingStatus.ENDED);
    expect(at('meeting-message', 'if', 'properties', 'type').const).toBe(MessageType.SUMMARY);
    expect(prop('cached-summary', 'type').const).toBe(MessageType.SUMMARY);
    const summary = getSchema('meeting-message').examples?.find(
      (m) => (m as { type: string }).type === 'MT_SUMMARY',
    );
    expect(summary).toMatchObject({ summary_status: SummaryStatus.SUCCESS });
    expect(getSchema('next-action').examples).toContainEqual(
      expect.objectContaining({ type: NextActionType.VIEW_SUMMARY }),
    );
  });

  it('error codes: every ErrorCodes key fits api-error, and examples use only known codes', () => {
    const pattern = new RegExp(String(prop('api-error', 'code').pattern));
    for (const code of Object.keys(ErrorCodes)) expect(code).toMatch(pattern);
    for (const example of getSchema('api-error').examples ?? []) {
      expect(Object.keys(ErrorCodes)).toContain((example as { code: string }).code);
    }
  });

  it('the first-page cursor of the transcription routes is accepted', () => {
    for (const id of ['get-live-transcription-chunks.request', 'get-transcript-utterances.request']) {
      expect(validate(id, { meeting_id: 'm', last_updated_at: FIRST_PAGE_CURSOR }).ok).toBe(true);
    }
  });
});
