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
  /**
   * New (issue 27): whether an administrator has confirmed the time zone; until then their
   * screens open on the time-zone step. In the page's answers, so the step needs no call.
   */
  timeZoneConfirmed: z.boolean(),
  quietHours: QuietHours,
  /**
   * New (issue 49): the academy's country (ISO 3166 alpha-2, such as 'IR'), which local phone
   * numbers are read in and whose example numbers the phone fields show: the one saved on
   * Settings, else the one the time zone suggests; null: none (numbers need their country code).
   */
  country: z.string().nullable(),
  /**
   * New (issue 49): whether the server's ACADEMY_TZ names the time zone; the time-zone step
   * is then prefilled with it rather than with the browser's zone.
   */
  timeZoneFromEnvironment: z.boolean(),
});

/**
 * What the branding calls would answer, written into the page the server sends for a screen
 * (features/branding/web-page.ts), so the first screen draws with them without asking.
 */
export const PageBranding = z.object({
  logo: LogoResponse,
  loginBackground: LoginBackgroundResponse,
  userBackground: UserBackgroundResponse,
  appConfig: AppConfigResponse,
});
export type PageBranding = z.infer<typeof PageBranding>;

export const brandingSchemas = defineSchemas({
  logo: { request: NoPayload, response: LogoResponse },
  loginBackground: { request: NoPayload, response: LoginBackgroundResponse },
  userBackground: { request: NoPayload, response: UserBackgroundResponse },
  appConfig: { request: NoPayload, response: AppConfigResponse },
});
