import { z } from 'zod';
import { defineSchemas, NoPayload } from './common.js';

export const LogoResponse = z.object({ logoUrl: z.string() });
export const LoginBackgroundResponse = z.object({ backgroundUrl: z.string() });
export const UserBackgroundResponse = z.object({ userbg_url: z.string() });
export const AppConfigResponse = z.object({
  academyName: z.string(),
  onlineClassUrl: z.string(),
  websiteUrl: z.string(),
  /** New: the academy's time zone (Settings), in which due times are entered and shown. */
  timeZone: z.string(),
});

export const brandingSchemas = defineSchemas({
  logo: { request: NoPayload, response: LogoResponse },
  loginBackground: { request: NoPayload, response: LoginBackgroundResponse },
  userBackground: { request: NoPayload, response: UserBackgroundResponse },
  appConfig: { request: NoPayload, response: AppConfigResponse },
});
