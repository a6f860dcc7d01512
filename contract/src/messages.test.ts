import { describe, expect, it } from 'vitest';
import {
  canSendAgain,
  choicesFrom,
  DEFAULT_CHOICES,
  kindOfTopic,
  phoneNumber,
  retryDelayMs,
} from './messages.js';
import { NOTIFICATION_TOPICS } from './schemas/notifications.js';

describe('choices as stored', () => {
  it('take the defaults for what is missing or unknown', () => {
    expect(choicesFrom(null)).toEqual(DEFAULT_CHOICES);
    const stored = {
      kinds: { reminder: { push: false, email: 'weekly', sms: 'yes' }, unknown: {} },
      quietHours: { from: '21:00' },
      phone: '',
    };
    const read = choicesFrom(stored);
    expect(read.kinds.reminder).toEqual({ push: false, email: 'now', sms: false });
    expect(read.kinds.results).toEqual(DEFAULT_CHOICES.kinds.results);
    expect(read.quietHours).toBeNull();
    expect(read.phone).toBeNull();
  });

  it('keep what was chosen', () => {
    const chosen = structuredClone(DEFAULT_CHOICES);
    chosen.kinds.feedback = { push: false, email: 'off', sms: true };
    chosen.quietHours = { from: '21:00', to: '07:00' };
    chosen.phone = '+447700900123';
    expect(choicesFrom(JSON.parse(JSON.stringify(chosen)))).toEqual(chosen);
  });
});

describe('kinds of message', () => {
  it('give every notification topic a kind', () => {
    for (const topic of NOTIFICATION_TOPICS) expect(kindOfTopic(topic)).toBeTruthy();
    expect(kindOfTopic(null)).toBe('announcement');
    expect(kindOfTopic('spoken_reply')).toBe('feedback');
  });
});

describe('phone numbers', () => {
  it('are read in E.164 however they were typed', () => {
    expect(phoneNumber('+44 (7700) 900-123')).toBe('+447700900123');
    expect(phoneNumber('+90 555 123 45 67')).toBe('+905551234567');
    expect(phoneNumber('07700 900123')).toBeUndefined();
    expect(phoneNumber('+0 123456789')).toBeUndefined();
    expect(phoneNumber('+1234')).toBeUndefined();
  });
});

describe('back-off', () => {
  it('waits longer after each failure, up to six hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 240_000, 960_000, 3_840_000]);
    expect(retryDelayMs(10)).toBe(6 * 3_600_000);
  });
});

describe('sending an outbox row again', () => {
  it('is for a failed or skipped message, never a password link or one on its way', () => {
    expect(canSendAgain({ state: 'failed', kind: 'reminder' })).toBe(true);
    expect(canSendAgain({ state: 'skipped', kind: 'announcement' })).toBe(true);
    expect(canSendAgain({ state: 'failed', kind: 'password_link' })).toBe(false);
    for (const state of ['queued', 'sending', 'sent'])
      expect(canSendAgain({ state, kind: 'feedback' })).toBe(false);
  });
});
