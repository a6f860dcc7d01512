import { COUNTRY_WORDS } from '@academy/contract';
import { BRANDING_IMAGES, type BrandingImage, STAMP_MAX_BYTES } from '@academy/contract/constants';
import { rollRulesToFields } from '@academy/contract/roll-rules';
import type { FastifyInstance } from 'fastify';
import { isPhoneCountry } from '../../domain/academy-phone.js';
import type { ReceivedFile } from '../../files/uploads.js';
import { handle } from '../../http/call.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { saveAndApplySettings } from './settings-commands.js';
import { imageUrl } from './settings-data.js';

const imageNames: Record<BrandingImage, string> = {
  logo: 'logo',
  login_background: 'login background',
  home_background: 'home background',
};

const isImageUpload = (file: ReceivedFile): file is ReceivedFile & { field: BrandingImage } =>
  (BRANDING_IMAGES as readonly string[]).includes(file.field);

/** The quiet hours a save sets: undefined leaves them, null turns them off (both sent as ''). */
function quietHoursOf(from: string | undefined, to: string | undefined) {
  if (from === undefined || to === undefined) return undefined;
  return from === '' || to === '' ? null : { from, to };
}

/**
 * The stamp a save sets (issue 49, point 12): the upload `stamp`, checked by its content on
 * arrival as every image is (files/uploads.ts), and here held to what a PDF can draw and to
 * STAMP_MAX_BYTES; null takes it off; undefined leaves it.
 */
function stampOf(uploads: readonly ReceivedFile[], remove: boolean | undefined) {
  const stamps = uploads.filter((f) => f.field === 'stamp');
  if (stamps.length > 1) throw badRequest('Please choose one stamp image.');
  const stamp = stamps[0];
  if (stamp && remove) throw badRequest('Choose a new stamp image or remove the stamp, not both.');
  if (!stamp) return remove ? null : undefined;
  if (!STAMP_MIME_TYPES.includes(stamp.mimeType))
    throw new HttpError(415, 'The stamp must be a PNG or JPEG image.');
  if (stamp.size > STAMP_MAX_BYTES)
    throw new HttpError(413, 'The stamp image must be at most 1 MB.');
  return stamp;
}

/** The images a PDF holds (pdfkit): not WebP, which the other images may be. */
const STAMP_MIME_TYPES = ['image/png', 'image/jpeg'];

/** The country a save sets (issue 49): '' clears it; one without a numbering plan is refused. */
function countryOf(code: string | undefined): string | null | undefined {
  if (code === undefined || code === '') return code === '' ? null : undefined;
  if (!isPhoneCountry(code)) throw badRequest(COUNTRY_WORDS);
  return code;
}

/** The currency a save sets (issue 52): the three fields together, checked by the contract. */
function currencyOf(code?: string, name?: string, decimals?: number) {
  if (code === undefined || name === undefined || decimals === undefined) return undefined;
  return { code, name, decimals };
}

/** The academy's settings screen: read and save (features/settings/settings-data.ts). */
export default async function settingsRoutes(app: FastifyInstance) {
  handle(app, 'getSettings', async ({ settings }) => {
    const now = settings.current;
    const image = (name: BrandingImage) => ({
      url: imageUrl(now, name),
      is_custom: now.images[name] !== null,
    });
    return {
      success: true,
      settings: {
        academy_name: now.academyName,
        time_zone: now.timeZone,
        time_zone_confirmed: now.timeZoneConfirmed,
        online_class_url: now.saved.onlineClassUrl,
        website_url: now.saved.websiteUrl,
        logo: image('logo'),
        login_background: image('login_background'),
        home_background: image('home_background'),
        quiet_hours: now.quietHours,
        reminder_lead_hours: now.reminderLeadHours,
        roll_rules: rollRulesToFields(now.rollRules),
        country: now.country,
        director_name: now.directorName ?? '',
        has_stamp: now.stampFileId !== null,
        currency: now.currency,
      },
      defaults: {
        academy_name: settings.defaults.academyName,
        time_zone: settings.defaults.timeZone,
        online_class_url: settings.defaults.onlineClassUrl,
        website_url: settings.defaults.websiteUrl,
      },
    };
  });

  handle(app, 'saveSettings', async (ctx) => {
    const { input, caller, uploads, affects, request } = ctx;
    // Every screen shows the name, the links or the images: everyone's open tabs refetch.
    affects({ admins: true, students: true });
    const images = uploads.filter(isImageUpload);
    const useDefault = input.use_default ?? [];
    for (const name of BRANDING_IMAGES) {
      const chosen = images.filter((f) => f.field === name).length;
      if (chosen > 1) throw badRequest(`Please choose one ${imageNames[name]} image.`);
      if (chosen === 1 && useDefault.includes(name))
        throw badRequest(`Choose a new ${imageNames[name]} image or the default one, not both.`);
    }
    await saveAndApplySettings(
      ctx,
      {
        academyName: input.academy_name,
        timeZone: input.time_zone,
        onlineClassUrl: input.online_class_url,
        websiteUrl: input.website_url,
        quietHours: quietHoursOf(input.quiet_hours_from, input.quiet_hours_to),
        reminderLeadHours: input.reminder_lead_hours,
        rollRules: input.roll_rules,
        country: countryOf(input.country),
        directorName: input.director_name,
        stamp: stampOf(uploads, input.remove_stamp),
        currency: currencyOf(input.currency_code, input.currency_name, input.currency_decimals),
        // An administrator's own request: the academy's address is where they use it from.
        publicOrigin: `${request.protocol}://${request.host}`,
        useDefault,
        uploads: images,
      },
      caller.id,
    );
    return { success: true, message: 'Settings saved.' };
  });
}
