import { z } from 'zod';
import { defineSchemas, NoPayload } from './common.js';
import { QuietHours } from './settings.js';

export const LogoResponse = z.object({ logoUrl: z.string() });
export const LoginBackgroundResponse = z.object({ backgroundUrl: z.string() });
export const UserBackgroundResponse = z.object({ userbg_url: z.string() });
export const AppConfigResponse = z.object({
  academyName: z.string(),
  onlineClassUrl: z.string(),
  websiteUrl: z.string(),
  /** The academy's time zone and quiet hours: the popup plays no sound during them. */
  timeZone: z.string(),
  quietHours: QuietHours,
});

export const brandingSchemas = defineSchemas({
  logo: { request: NoPayload, response: LogoResponse },
  loginBackground: { request: NoPayload, response: LoginBackgroundResponse },
  userBackground: { request: NoPayload, response: UserBackgroundResponse },
  appConfig: { request: NoPayload, response: AppConfigResponse },
});
