import type {
  GetUserDefaultMeetingSettingRequest,
  UpdateUserDefaultMeetingSettingRequest,
} from '@parley/schemas/types';
import { Router } from 'express';
import type { SettingsService } from '../services/settings.service.js';
import type { RouteKit } from './route-kit.js';

export function settingsRoutes(kit: RouteKit, settings: SettingsService): Router {
  const router = Router();
  kit.mount(router, 'get-user-default-meeting-setting', (body: GetUserDefaultMeetingSettingRequest, caller) =>
    settings.get(caller, body),
  );
  kit.mount(
    router,
    'update-user-default-meeting-setting',
    (body: UpdateUserDefaultMeetingSettingRequest, caller) => settings.update(caller, body),
  );
  return router;
}
