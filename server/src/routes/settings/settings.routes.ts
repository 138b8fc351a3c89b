import type { RouteKit } from '../../http/route-kit.js';
import type { SettingsService } from '../../services/accounts/settings.service.js';

export function settingsRoutes(kit: RouteKit, settings: SettingsService): void {
  kit.mount('get-user-default-meeting-setting', (body, caller) => settings.get(caller, body));
  kit.mount('update-user-default-meeting-setting', (body, caller) => settings.update(caller, body));
}
