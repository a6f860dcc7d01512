import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import {
  LOOPBACK_PUSH_PEM,
  type LoopbackPushService,
  startPushService,
} from '../../server/src/test-support/push-service.js';
import {
  type SmsGatewayRecorder,
  startSmsGateway,
} from '../../server/src/test-support/sms-gateway.js';
import { startTestSmtp } from '../../server/src/test-support/smtp.js';
import { ownAdmin, type RunningServer, startServer } from '../server.js';

/**
 * Issue 31, point 1: the server is killed (SIGKILL) in the middle of a fan-out to every
 * student by push, e-mail and SMS, and started again on the same data. Every message then
 * arrives by every channel, each exactly once by its key (the outbox's `outbox-<row id>`: the
 * push's tag, the e-mail's Message-ID, the gateway's reference), which is how the device, the
 * mailbox and the gateway tell a repeat from a new message. What arrives twice at all is only
 * what was in flight at the kill (its row still 'sending'), never a row recorded as sent.
 * Real servers on loopback: a push service that checks VAPID and decrypts, an SMTP server, an
 * SMS gateway; each answers a little slowly, so the kill lands mid-send.
 */

const STUDENTS = 40;
const DUE = STUDENTS; // one announcement each, by each channel

const count = (keys: string[]) => {
  const times = new Map<string, number>();
  for (const key of keys) times.set(key, (times.get(key) ?? 0) + 1);
  return times;
};

test('a hard kill during a fan-out: every message arrives by every channel, once by its key', async () => {
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-kill-'));
  const smtp = await startTestSmtp();
  smtp.answerAfter(15); // a busy mail server: the answer comes a little later
  // Each e-mail's key is its Message-ID's local part, <outbox-<row id>@…>.
  const emailKeys = () =>
    smtp.received.map((m) => /^<?([^@>]+)@/.exec(m.mail.messageId ?? '')?.[1] ?? '');
  const gateway: SmsGatewayRecorder = await startSmsGateway();
  gateway.reply({ status: 200, body: '{"status":"queued"}', delayMs: 15 });
  let pushService: LoopbackPushService | undefined;
  // The server trusts the push service's test certificate as a real one trusts a real one.
  const env = {
    OUTBOX_EVERY_SECONDS: '1',
    NODE_EXTRA_CA_CERTS: LOOPBACK_PUSH_PEM,
    PUSH_LOCAL_ENDPOINTS: 'true',
  };
  let server: RunningServer = await startServer(env);
  const dataDir = server.dataDir;
  try {
    const base = server.baseUrl;
    const json = async (
      pathname: string,
      token: string,
      body: unknown,
      method: 'POST' | 'GET' = 'POST',
    ) => {
      const res = await fetch(`${base}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      });
      const answer = await res.json();
      expect(res.status, `${pathname}: ${JSON.stringify(answer)}`).toBe(200);
      return answer;
    };
    const login = async (username: string, password: string) =>
      fetch(`${base}/api/login.php`, {
        method: 'POST',
        body: new URLSearchParams({ username, password }),
      }).then((r) => r.json() as Promise<{ token: string; user_id: number }>);
    const admin = await login(ownAdmin.username, ownAdmin.password);

    await json('/api/save_email_settings.php', admin.token, {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      sender_name: 'Bright English Academy',
      sender_address: 'office@bright.example.com',
    });
    await json('/api/save_sms_gateway.php', admin.token, {
      method: 'POST',
      url: `${gateway.url}/send`,
      content_type: 'json',
      body: '{"to": "{to}", "text": "{text}", "reference": "{id}"}',
      monthly_cap: 0,
    });
    const { public_key: publicKey } = await json('/api/get_push_key.php', admin.token, {}, 'GET');
    pushService = await startPushService(publicKey);
    pushService.answerAfter(15);

    // Each student: a device with push on, and SMS for the academy's messages to their number.
    for (let i = 0; i < STUDENTS; i++) {
      const username = `fan${i}`;
      const form = new FormData();
      for (const [key, value] of Object.entries({
        name: `Fan Out ${i}`,
        username,
        email: `${username}@example.com`,
        password: 'fan-out-password',
        role_id: '2',
        gender: i % 2 ? 'male' : 'female',
      }))
        form.set(key, value);
      const added = await fetch(`${base}/api/add-user.php`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      });
      expect(added.status).toBe(200);
      const student = await login(username, 'fan-out-password');
      await json('/api/save_push_subscription.php', student.token, {
        ...pushService.newDevice().subscription,
        device: 'Chrome on Android',
      });
      const choices = await json('/api/get_message_choices.php', student.token, {}, 'GET');
      await json('/api/save_message_choices.php', student.token, {
        kinds: {
          ...choices.choices.kinds,
          announcement: { push: true, email: 'now', sms: true },
        },
        quiet_hours: null,
        phone: `+4477009${String(10_000 + i).slice(1)}`,
      });
    }
    const pushKeys = () =>
      (pushService?.taken ?? []).map((p) => (p.payload as { tag: string }).tag);
    const smsKeys = () => gateway.received.map((r) => JSON.parse(r.body).reference as string);
    const everything = () => pushKeys().length + emailKeys().length + smsKeys().length;

    await json('/api/add_notification.php', admin.token, {
      user_id: 'all',
      message: 'The academy is closed on Friday.',
    });
    // Mid-send: some of every channel's letters have arrived, most have not.
    await expect.poll(everything, { timeout: 60_000, intervals: [20] }).toBeGreaterThan(DUE / 2);
    await server.kill('SIGKILL');
    const atKill = { push: pushKeys().length, email: emailKeys().length, sms: smsKeys().length };
    const db = new SQLite(path.join(dataDir, 'academy.db'), { readonly: true });
    const rows = db.prepare('select id, channel, state from outbox').all() as {
      id: number;
      channel: string;
      state: string;
    }[];
    db.close();
    const inFlight = new Set(
      rows.filter((r) => r.state === 'sending').map((r) => `outbox-${r.id}`),
    );
    const sentBefore = rows.filter((r) => r.state === 'sent').length;
    expect(rows.length).toBe(3 * DUE);
    expect(sentBefore).toBeLessThan(3 * DUE);

    // Started again on the same data: once the killed instance's lease lapses (30 s), the new
    // one takes it, puts back what was in flight, and sends everything left.
    server = await startServer(env, { dataDir });
    const distinct = () =>
      new Set(pushKeys()).size + new Set(emailKeys()).size + new Set(smsKeys()).size;
    await expect.poll(distinct, { timeout: 120_000 }).toBe(3 * DUE);

    for (const [channel, keys] of [
      ['push', pushKeys()],
      ['email', emailKeys()],
      ['sms', smsKeys()],
    ] as const) {
      const times = count(keys);
      const repeated = [...times].filter(([, n]) => n > 1).map(([key]) => key);
      // Only a letter in flight at the kill may have arrived twice, with its own key.
      for (const key of repeated) expect(inFlight, `${channel} ${key}`).toContain(key);
      const missing = rows
        .filter((r) => r.channel === channel)
        .map((r) => `outbox-${r.id}`)
        .filter((key) => !times.has(key));
      expect(missing, `${channel}: never arrived`).toEqual([]);
      expect(times.size).toBe(DUE);
      console.log(
        `${channel}: ${atKill[channel]} arrived before the kill, ${keys.length} in all, ${times.size} distinct keys, ${repeated.length} repeated`,
      );
    }
    expect(pushService.refused).toEqual([]);
  } finally {
    await server.stop();
    await pushService?.close();
    await gateway.close();
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
