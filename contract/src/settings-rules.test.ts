import { describe, expect, it } from 'vitest';
import { SaveSettingsRequest } from './schemas/settings.js';
import {
  QUIET_HOURS_EMPTY,
  QUIET_HOURS_NOT_TIMES,
  QUIET_HOURS_UNPAIRED,
  quietHoursProblem,
  settingsLinkProblem,
} from './settings-rules.js';

/** The first message save_settings refuses this payload with, or null when it takes it. */
const refusal = (payload: Record<string, string>) => {
  const parsed = SaveSettingsRequest.safeParse(payload);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'refused');
};

describe('settingsLinkProblem: a link that opens from a button', () => {
  it('takes http and https links, and empty for the default', () => {
    expect(settingsLinkProblem('website link', 'https://example.org/page?x=1')).toBeNull();
    expect(settingsLinkProblem('website link', 'HTTP://example.org')).toBeNull();
    expect(settingsLinkProblem('website link', '')).toBeNull();
  });

  it('refuses anything else, naming the link', () => {
    for (const link of [
      'example.org',
      'javascript:alert(1)',
      'https://',
      'https:// x.org',
      'ftp://x.org',
    ]) {
      expect(settingsLinkProblem('online class link', link)).toBe(
        'The online class link must start with http:// or https:// (or be left empty for the default).',
      );
    }
  });

  it('is the rule save_settings applies, in the same words', () => {
    expect(refusal({ website_url: ' example.org ' })).toBe(
      settingsLinkProblem('website link', 'example.org'),
    );
    expect(refusal({ online_class_url: ' https://meet.example.org/x ' })).toBeNull();
  });
});

describe('quietHoursProblem: both ends or neither, times, not empty', () => {
  it('takes both ends, over midnight too, or neither', () => {
    expect(quietHoursProblem('22:00', '07:00')).toBeNull();
    expect(quietHoursProblem('13:00', '14:30')).toBeNull();
    expect(quietHoursProblem('', '')).toBeNull();
  });

  it('says what is wrong, one end first', () => {
    expect(quietHoursProblem('22:00', '')).toBe(QUIET_HOURS_UNPAIRED);
    expect(quietHoursProblem('', 'nonsense')).toBe(QUIET_HOURS_UNPAIRED);
    expect(quietHoursProblem('24:00', '07:00')).toBe(QUIET_HOURS_NOT_TIMES);
    expect(quietHoursProblem('07:00', '7:00')).toBe(QUIET_HOURS_NOT_TIMES);
    expect(quietHoursProblem('07:00', '07:00')).toBe(QUIET_HOURS_EMPTY);
  });

  it('is the rule save_settings applies, in the same words', () => {
    expect(refusal({ quiet_hours_from: '22:00', quiet_hours_to: '' })).toBe(QUIET_HOURS_UNPAIRED);
    expect(refusal({ quiet_hours_from: '22:00' })).toBe(QUIET_HOURS_UNPAIRED);
    expect(refusal({ quiet_hours_from: '07:00', quiet_hours_to: '07:00' })).toBe(QUIET_HOURS_EMPTY);
    expect(refusal({ quiet_hours_from: '25:00', quiet_hours_to: '07:00' })).toBe(
      QUIET_HOURS_NOT_TIMES,
    );
    expect(refusal({ quiet_hours_from: '', quiet_hours_to: '' })).toBeNull();
    expect(refusal({ quiet_hours_from: '22:00', quiet_hours_to: '07:00' })).toBeNull();
  });
});
