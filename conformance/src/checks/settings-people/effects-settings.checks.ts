import { call } from '../../call.js';
import { deviate, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at } from '../../json-path.js';
import { expectErrorBody, expectValidationBody, expectValidBody } from '../../schema-check.js';
import { define } from '../define.js';
import { SETTING_FIELDS, type SettingFields, settingUpdateOf } from './setting-fields.js';

// The effects of update-user-default-meeting-setting beyond rest.07's round trip: the fields a
// request leaves out take the spec's defaults, and max_recording_minutes, which the spec calls not
// updatable, reads back as it was, whether the deployment ignores or refuses an attempt to set it;
// an attempt it ignores is answered as it was stored (an answer saying it changed is wrong too).

type Setting = Awaited<ReturnType<typeof readSetting>>;
/** The spec's defaults of the update's fields ("optional, default empty", "default `en`"). */
const DEFAULTS: SettingFields = {
  original_languages: [],
  view_language: 'en',
  translation_languages: [],
  contextual_keywords: [],
};

const readSetting = async (ctx: CheckContext, what: string) =>
  (await call(ctx, 'get-user-default-meeting-setting', {}, { what })).setting;

/** Every field of `wanted` as read back, and max_recording_minutes as it was. */
function judgeSetting(setting: Setting, wanted: SettingFields, maxMinutes: number, what: string): void {
  for (const field of SETTING_FIELDS)
    verify(
      JSON.stringify(setting[field]) === JSON.stringify(wanted[field]),
      'VALUE',
      `${what}: ${field} is ${JSON.stringify(setting[field])}, expected ${JSON.stringify(wanted[field])}`,
      at(what, `$.setting.${field}`, wanted[field], setting[field]),
    );
  verify(
    setting.max_recording_minutes === maxMinutes,
    'VALUE',
    `${what}: max_recording_minutes is ${setting.max_recording_minutes}, was ${maxMinutes} (not updatable)`,
    at(what, '$.setting.max_recording_minutes', maxMinutes, setting.max_recording_minutes),
  );
}

export const effectsSettingsChecks = [
  define({
    id: 'rest.14.settings-effects',
    title:
      'update-user-default-meeting-setting: omitted fields take their defaults; max_recording_minutes is left as it was',
    area: 'rest',
    clause:
      'Endpoints/Default meeting settings: update fields and defaults; Resources: max_recording_minutes not updatable',
    spec: 'original_languages string[] (optional, default empty); view_language string (optional, default `en`); translation_languages string[] (optional, default empty); contextual_keywords string[] (optional, default empty) / max_recording_minutes | integer | returned by the service; not updatable',
    level: 'MUST',
    async run(ctx) {
      const saved = await readSetting(ctx, 'get settings');
      const maxMinutes = saved.max_recording_minutes;
      const full: SettingFields = {
        original_languages: ['en', 'de'],
        view_language: 'de',
        translation_languages: ['fr'],
        contextual_keywords: [ctx.target.runId],
      };
      try {
        const updated = await call(ctx, 'update-user-default-meeting-setting', full, {
          what: 'update settings',
        });
        judgeSetting(updated.setting, full, maxMinutes, 'update settings');
        judgeSetting(
          await readSetting(ctx, 'get settings after update'),
          full,
          maxMinutes,
          'get settings after update',
        );
        // An attempt to set it: ignored (200) or refused (400/422) are both the spec's; read back, it is unchanged.
        const attempt = 'update settings with max_recording_minutes';
        const reply = await ctx.callRaw('update-user-default-meeting-setting', {
          ...full,
          max_recording_minutes: maxMinutes + 37,
        });
        if (reply.status === 422) expectValidationBody(reply, attempt);
        else if (reply.status === 400) expectErrorBody(reply, attempt);
        else if (reply.status === 200)
          // Ignored: the write's own answer must agree with the read that follows (nothing changed).
          judgeSetting(
            expectValidBody('update-user-default-meeting-setting.response', reply.body, attempt).setting,
            full,
            maxMinutes,
            attempt,
          );
        else
          deviate(
            'STATUS',
            `${attempt}: ${reply.status}, expected 200 (ignored) or 400/422 (refused)`,
            at(attempt, 'status', '200, 400 or 422', reply.status),
          );
        judgeSetting(
          await readSetting(ctx, 'get settings after the attempt'),
          full,
          maxMinutes,
          'get settings after the attempt',
        );
        // Each default is judged with other fields given: a default that follows them (view_language
        // taken from the spoken languages) is not the spec's.
        const partial = { original_languages: ['de', 'fr'], contextual_keywords: [ctx.target.runId, 'only'] };
        await call(ctx, 'update-user-default-meeting-setting', partial, {
          what: 'update settings with two fields',
        });
        judgeSetting(
          await readSetting(ctx, 'get settings after a two-field update'),
          { ...DEFAULTS, ...partial },
          maxMinutes,
          'get settings after a two-field update',
        );
        // The other way round: contextual_keywords left out (after keywords were saved) is empty.
        const view = { view_language: 'de' };
        await call(ctx, 'update-user-default-meeting-setting', view, {
          what: 'update settings with view_language alone',
        });
        judgeSetting(
          await readSetting(ctx, 'get settings after a view_language update'),
          { ...DEFAULTS, ...view },
          maxMinutes,
          'get settings after a view_language update',
        );
      } finally {
        // Runs hit real accounts: put the caller's settings back.
        await ctx.call('update-user-default-meeting-setting', settingUpdateOf(saved));
      }
    },
  }),
];
