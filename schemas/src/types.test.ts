// The generated types match the schema files, and they are the types the validators hand out.
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { generateTypes } from '../scripts/generate-types.js';
import type {
  CreateMeetingResponse,
  GetMeetingsResponse,
  MeetingWithProfiles,
  TranscriptUtteranceUpdate,
  UserProfile,
  ValidationDetail,
} from './generated/types.js';
import { getSchema, schemaIds, type ValidationResult, validate } from './index.js';
import { generatedTypesPath } from './paths.js';

describe('generated types', () => {
  it('are up to date with the schema files (run `npm run generate -w schemas` when this fails)', async () => {
    expect(readFileSync(generatedTypesPath, 'utf8')).toBe(await generateTypes());
  }, 30_000);

  it('declare one exported type per schema title', () => {
    const source = readFileSync(generatedTypesPath, 'utf8');
    for (const id of schemaIds()) {
      expect(source, id).toMatch(new RegExp(`^export (interface|type) ${getSchema(id).title}\\b`, 'm'));
    }
  });

  it('reference shared shapes by name instead of copying them', () => {
    expectTypeOf<GetMeetingsResponse['meetings'][number]>().toEqualTypeOf<MeetingWithProfiles>();
    expectTypeOf<MeetingWithProfiles['user_profiles'][number]>().toEqualTypeOf<UserProfile>();
    expectTypeOf<CreateMeetingResponse['meeting']['invitation_link_expires_at']>().toEqualTypeOf<string>();
    expectTypeOf<keyof TranscriptUtteranceUpdate>().toEqualTypeOf<
      'id' | 'meeting_id' | 'transcript' | 'language' | 'speaker_v2' | 'texts'
    >();
  });

  it('type the results of validate', () => {
    const example = structuredClone(getSchema('create-meeting.response').examples?.[0]);
    const result = validate<CreateMeetingResponse>('create-meeting.response', example);
    expectTypeOf(result).toEqualTypeOf<ValidationResult<CreateMeetingResponse>>();
    if (!result.ok) {
      expectTypeOf(result.detail).toEqualTypeOf<ValidationDetail[]>();
      throw new Error(JSON.stringify(result.detail));
    }
    expect(result.value.meeting.status).toBe('MS_LIVE');
  });
});
