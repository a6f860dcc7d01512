import { z } from 'zod';
import { ACADEMY_NAME_MAX, BRANDING_IMAGES, canonicalTimeZone } from '../constants.js';
import { defineSchemas, NoPayload, SuccessResponse } from './common.js';

/** A link that opens from a button: http(s) only, or empty for the default. */
function settingsLink(label: string) {
  return z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(2000, { error: `The ${label} must be at most 2000 characters.` })
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+[^\s]*$/i.test(v), {
      error: `The ${label} must start with http:// or https:// (or be left empty for the default).`,
    });
}

/** The images to put back to the default: one name, or several (a field sent more than once). */
const UseDefault = z
  .union([z.enum(BRANDING_IMAGES), z.array(z.enum(BRANDING_IMAGES)).max(3)], {
    error:
      'The image to put back to the default must be logo, login_background or home_background.',
  })
  .transform((v) => (Array.isArray(v) ? [...new Set(v)] : [v]));

/**
 * What save_settings takes: every field is optional and an absent one stays as it is. Links
 * may be empty: the default (the environment's value) applies again. Images come as the
 * upload fields logo, login_background and home_background (PNG, JPEG or WebP, 5 MB each).
 */
export const SaveSettingsRequest = z.object({
  academy_name: z
    .string({ error: 'The academy name must be text.' })
    .trim()
    .min(1, { error: 'Please enter the academy name.' })
    .max(ACADEMY_NAME_MAX, {
      error: `The academy name must be at most ${ACADEMY_NAME_MAX} characters.`,
    })
    .optional(),
  time_zone: z
    .string({ error: 'The time zone must be text.' })
    .trim()
    .transform((zone, ctx) => {
      const canonical = canonicalTimeZone(zone);
      if (!canonical) {
        ctx.addIssue({
          code: 'custom',
          message: 'Please choose a valid time zone, such as Europe/London.',
        });
        return z.NEVER;
      }
      return canonical;
    })
    .optional(),
  online_class_url: settingsLink('online class link').optional(),
  website_url: settingsLink('website link').optional(),
  use_default: UseDefault.optional(),
});

const SettingsImage = z.object({
  /** Where the image is served from (the custom one's public address, or the default's). */
  url: z.string(),
  /** Whether an administrator's image is set (false: the default shows). */
  is_custom: z.boolean(),
});

export const GetSettingsResponse = z.object({
  success: z.literal(true),
  settings: z.object({
    academy_name: z.string(),
    time_zone: z.string(),
    /** As saved: '' when the default applies. */
    online_class_url: z.string(),
    website_url: z.string(),
    logo: SettingsImage,
    login_background: SettingsImage,
    home_background: SettingsImage,
  }),
  /** The environment's values, which apply where nothing is saved. */
  defaults: z.object({
    academy_name: z.string(),
    time_zone: z.string(),
    online_class_url: z.string(),
    website_url: z.string(),
  }),
});

export const settingsSchemas = defineSchemas({
  getSettings: { request: NoPayload, response: GetSettingsResponse },
  saveSettings: { request: SaveSettingsRequest, response: SuccessResponse },
});
