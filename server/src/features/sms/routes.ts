import { randomBytes } from 'node:crypto';
import { TEST_PHONE } from '@academy/contract/messages';
import type { FastifyInstance } from 'fastify';
import { academyPhone } from '../../domain/academy-phone.js';
import { resolveRecipients } from '../../domain/recipients.js';
import { reachOf } from '../../http/addresses.js';
import { handle } from '../../http/call.js';
import { badRequest } from '../../http/errors.js';
import { NoSettingsKey, noSettingsKeyWords } from '../settings/settings-secret.js';
import {
  keptHeaders,
  openGateway,
  readGateway,
  sealGateway,
  sentThisMonth,
  writeGateway,
} from './sms-data.js';
import { answerWords, callGateway } from './sms-gateway.js';
import { gatewayProblem, headersFrom, type SmsGateway } from './sms-template.js';
import { smsText } from './sms-text.js';

/** The SMS gateway on Settings, its test, and the estimate before a send (issue 31, point 4). */
export default async function smsRoutes(app: FastifyInstance) {
  handle(app, 'getSmsGateway', async ({ db, now, settings, config }) => {
    const gateway = await readGateway(db);
    return {
      success: true,
      gateway: gateway && {
        method: gateway.method,
        url: gateway.url,
        header_names: gateway.headers.map((h) => h.name),
        content_type: gateway.contentType,
        body: gateway.body,
        monthly_cap: gateway.monthlyCap,
      },
      sent_this_month: await sentThisMonth(db, now(), settings.current.timeZone),
      can_keep_headers: config.SETTINGS_KEY !== undefined,
    };
  });

  /** Saving or removing the gateway reads the settings in memory again before the answer. */
  handle(app, 'saveSmsGateway', async ({ db, now, settings, config, input, caller, affects }) => {
    affects({ admins: true });
    const saved = await readGateway(db);
    const kept = saved ? keptHeaders(saved, config.SETTINGS_KEY) : [];
    const headers = headersFrom(input.secret_headers, kept);
    if (typeof headers === 'string') throw badRequest(headers);
    const gateway: SmsGateway = {
      method: input.method,
      url: input.url,
      headers,
      contentType: input.content_type,
      body: input.method === 'POST' ? input.body : '',
      monthlyCap: input.monthly_cap,
    };
    const problem = gatewayProblem(gateway, reachOf('sms', config));
    if (problem) throw badRequest(problem);
    let sealed: ReturnType<typeof sealGateway>;
    try {
      sealed = sealGateway(gateway, config.SETTINGS_KEY);
    } catch (error) {
      if (!(error instanceof NoSettingsKey)) throw error;
      throw badRequest(noSettingsKeyWords("The gateway's header values"));
    }
    await writeGateway(db, sealed, caller.id, now());
    await settings.reload();
    return { success: true, message: 'SMS gateway saved.' };
  });

  handle(app, 'removeSmsGateway', async ({ db, now, settings, caller, affects }) => {
    affects({ admins: true });
    await writeGateway(db, null, caller.id, now());
    await settings.reload();
    return { success: true, message: 'SMS is off: no more SMS will be sent.' };
  });

  /** Not counted against the cap: the administrator sends it, to a number they type, once. */
  handle(app, 'sendTestSms', async ({ db, input, settings, config, smsGateway }) => {
    const to = academyPhone(settings.current, input.to, TEST_PHONE) ?? input.to;
    const saved = await readGateway(db);
    if (!saved) throw badRequest('SMS is not set up yet: save the gateway first.');
    const gateway = openGateway(saved, config.SETTINGS_KEY);
    if (typeof gateway === 'string')
      return { success: true, delivered: false, status: null, answer: gateway, message: gateway };
    const text = smsText(settings.current.academyName, 'This is a test SMS from the academy app.');
    try {
      const answer = await callGateway(
        gateway,
        { to, text, id: `test-${randomBytes(6).toString('hex')}` },
        smsGateway,
      );
      const delivered = answer.status >= 200 && answer.status < 300;
      return {
        success: true,
        delivered,
        status: answer.status,
        answer: answer.words,
        message: delivered
          ? `The gateway took the test SMS to ${to} (it answered ${answerWords(answer)}).`
          : `The gateway did not take the test SMS: it answered ${answerWords(answer)}`,
      };
    } catch (error) {
      const words = (error as Error).message;
      return { success: true, delivered: false, status: null, answer: words, message: words };
    }
  });

  handle(app, 'estimateSms', async ({ db, input, smsEstimate }) => {
    const to = await resolveRecipients(db, input, 'Please select a user.');
    return { success: true, ...(await smsEstimate(db, to.userIds)) };
  });
}
