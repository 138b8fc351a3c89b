import type { UserDefaultMeetingSetting } from '@parley/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSchema,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test-support/test-server.js';

type Setting = UserDefaultMeetingSetting;

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { PARLEY_MAX_RECORDING_MINUTES: '90' } });
  user = await server.user('Settler');
});
afterAll(() => server.close());

const get = (key: string, body?: unknown) =>
  server.call<{ setting: Setting }>('get-user-default-meeting-setting', key, body);
const update = (key: string, body: unknown) =>
  server.call<{ setting: Setting }>('update-user-default-meeting-setting', key, body);

describe('default meeting settings', () => {
  it('a user without settings gets defaults from the device language (en when absent)', async () => {
    const fresh = await server.user('Fresh');
    const none = await server.post<{ setting: Setting }>('/v1/get-user-default-meeting-setting', undefined, {
      'X-API-Key': fresh.key,
    });
    expect(none.status).toBe(200);
    expectSchema('get-user-default-meeting-setting.response', none.body);
    expect(none.body.setting).toEqual({
      user_id: fresh.userId,
      original_languages: ['en'],
      view_language: 'en',
      translation_languages: [],
      contextual_keywords: [],
      max_recording_minutes: 90,
    });
    const german = await get(fresh.key, { device_language_code: 'de-AT' });
    expect(german.body.setting).toMatchObject({ original_languages: ['de-AT'], view_language: 'de' });
  });

  it('update replaces everything; an omitted field returns to its default', async () => {
    const full = await update(user.key, {
      original_languages: ['en-US', 'ja-JP'],
      view_language: 'ja',
      translation_languages: ['fr'],
      contextual_keywords: ['Parley', 'onboarding'],
    });
    expect(full.status).toBe(200);
    expectSchema('update-user-default-meeting-setting.response', full.body);
    expect(full.body.setting).toEqual({
      user_id: user.userId,
      original_languages: ['en-US', 'ja-JP'],
      view_language: 'ja',
      translation_languages: ['fr'],
      contextual_keywords: ['Parley', 'onboarding'],
      max_recording_minutes: 90,
    });
    expect((await get(user.key)).body.setting).toEqual(full.body.setting);

    const partial = await update(user.key, { translation_languages: ['de'] });
    expect(partial.body.setting).toEqual({
      user_id: user.userId,
      original_languages: [],
      view_language: 'en',
      translation_languages: ['de'],
      contextual_keywords: [],
      max_recording_minutes: 90,
    });
    // Stored settings win over the device language.
    expect((await get(user.key, { device_language_code: 'fr' })).body.setting).toEqual(partial.body.setting);
  });

  it('new meetings take their languages from the stored settings', async () => {
    await update(user.key, { original_languages: ['ja-JP'], translation_languages: ['en'] });
    const meeting = await server.call<{ meeting: { language: string; translation_languages: string[] } }>(
      'create-meeting',
      user.key,
      {},
    );
    expect(meeting.body.meeting).toMatchObject({ language: 'ja-JP', translation_languages: ['en'] });
  });

  it('max_recording_minutes cannot be updated (422) and stays as configured', async () => {
    const before = (await get(user.key)).body.setting;
    const reply = await update(user.key, { max_recording_minutes: 600 });
    expect(reply.status).toBe(422);
    expectSchema('validation-error', reply.body);
    expect(JSON.stringify(reply.body)).toContain('max_recording_minutes');
    expect((await get(user.key)).body.setting).toEqual(before);
  });

  it('refuses language tags that are not BCP-47 (422)', async () => {
    const reply = await update(user.key, { original_languages: ['english please'] });
    expect(reply.status).toBe(422);
    const bad = await get(user.key, { device_language_code: '' });
    expect(bad.status).toBe(422);
  });
});
