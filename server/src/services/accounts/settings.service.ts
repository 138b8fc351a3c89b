import type {
  GetUserDefaultMeetingSettingRequest,
  GetUserDefaultMeetingSettingResponse,
  UpdateUserDefaultMeetingSettingRequest,
  UpdateUserDefaultMeetingSettingResponse,
  UserDefaultMeetingSetting,
} from '@parley/schemas/types';
import type { Caller } from '../../core/caller.js';
import type { SettingsRow } from '../../store/settings.store.js';
import type { Store } from '../../store/store.js';

// get- and update-user-default-meeting-setting. The update is a full replace (an omitted field
// takes its schema default, which the validator has already written into the body).
// max_recording_minutes is the server's configured value for everyone: it is reported, stored
// with each row for readers of the table, and never taken from a request.

export interface SettingsOptions {
  maxRecordingMinutes: number;
}

export class SettingsService {
  constructor(
    private readonly store: Store,
    private readonly options: SettingsOptions,
  ) {}

  async get(
    caller: Caller,
    body: GetUserDefaultMeetingSettingRequest,
  ): Promise<GetUserDefaultMeetingSettingResponse> {
    const row = await this.store.settings.get(caller.userId);
    // The validator has written the schema default ('en') into an absent device_language_code.
    const device = (body as Required<GetUserDefaultMeetingSettingRequest>).device_language_code;
    return { success: true, setting: row ? this.view(row) : this.defaults(caller, device) };
  }

  async update(
    caller: Caller,
    body: UpdateUserDefaultMeetingSettingRequest,
  ): Promise<UpdateUserDefaultMeetingSettingResponse> {
    // Every field is present: the validator wrote the schema defaults into the omitted ones.
    const full = body as Required<UpdateUserDefaultMeetingSettingRequest>;
    const row = await this.store.transaction((repos) =>
      repos.settings.upsert({
        user_id: caller.userId,
        original_languages: full.original_languages,
        view_language: full.view_language,
        translation_languages: full.translation_languages,
        contextual_keywords: full.contextual_keywords,
        max_recording_minutes: this.options.maxRecordingMinutes,
      }),
    );
    return { success: true, setting: this.view(row) };
  }

  private view(row: SettingsRow): UserDefaultMeetingSetting {
    return {
      user_id: row.user_id,
      original_languages: row.original_languages,
      view_language: row.view_language,
      translation_languages: row.translation_languages,
      contextual_keywords: row.contextual_keywords,
      max_recording_minutes: this.options.maxRecordingMinutes,
    };
  }

  /** A user who never saved settings: speech in the device language, documents in its primary subtag. */
  private defaults(caller: Caller, deviceLanguage: string): UserDefaultMeetingSetting {
    return {
      user_id: caller.userId,
      original_languages: [deviceLanguage],
      view_language: (deviceLanguage.split('-')[0] ?? deviceLanguage).toLowerCase(),
      translation_languages: [],
      contextual_keywords: [],
      max_recording_minutes: this.options.maxRecordingMinutes,
    };
  }
}
