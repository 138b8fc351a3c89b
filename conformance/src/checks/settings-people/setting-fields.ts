import type { AnswerOf, RequestOf } from '../../catalog.js';

// The fields of a default meeting setting a client may send back (update-user-default-meeting-
// setting's request): a setting read is never echoed whole, because its answer may carry fields the
// update does not take (user_id, max_recording_minutes, a deployment's own), which a deployment
// may refuse (422) as unknown input.

type Setting = AnswerOf<'get-user-default-meeting-setting'>['setting'];

/** The fields the update takes, each also read back by get-user-default-meeting-setting. */
export const SETTING_FIELDS = [
  'original_languages',
  'view_language',
  'translation_languages',
  'contextual_keywords',
] as const satisfies readonly (keyof Setting & keyof RequestOf<'update-user-default-meeting-setting'>)[];

export type SettingFields = Pick<Setting, (typeof SETTING_FIELDS)[number]>;

/** The update that puts `setting` back: its updatable fields, and nothing else it carried. */
export function settingUpdateOf(setting: SettingFields): SettingFields {
  const { original_languages, view_language, translation_languages, contextual_keywords } = setting;
  return { original_languages, view_language, translation_languages, contextual_keywords };
}
