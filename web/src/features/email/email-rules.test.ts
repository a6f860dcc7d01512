import { describe, expect, it } from 'vitest';
import { emailSettingsProblem } from './email-rules';

const typed = {
  host: 'smtp.example.com',
  port: '587',
  user: 'office',
  password: 'secret',
  senderName: 'Bright Academy',
  senderAddress: 'office@bright.example',
};
const saved = {
  host: 'smtp.example.com',
  port: 587,
  security: 'starttls' as const,
  user: 'office',
  has_password: true,
  sender_name: 'Bright Academy',
  sender_address: 'office@bright.example',
  link_origin: 'https://bright.example',
};

describe("the E-mail form's checks", () => {
  it('take complete settings', () => {
    expect(emailSettingsProblem(typed, null)).toBeNull();
  });

  it('keep the kept password for the same user only', () => {
    expect(emailSettingsProblem({ ...typed, password: '' }, saved)).toBeNull();
    expect(emailSettingsProblem({ ...typed, password: '', user: 'other' }, saved)).toBe(
      'Please type the password of other on the SMTP server.',
    );
    expect(emailSettingsProblem({ ...typed, password: '' }, null)).toBe(
      'Please type the password of office on the SMTP server.',
    );
    expect(emailSettingsProblem({ ...typed, password: '', user: '' }, null)).toBeNull();
  });

  it('say what is missing or wrong, in the server’s words', () => {
    expect(emailSettingsProblem({ ...typed, host: ' ' }, null)).toBe(
      "Please enter the SMTP server's host name.",
    );
    for (const port of ['0', '70000', 'abc', ''])
      expect(emailSettingsProblem({ ...typed, port }, null)).toBe(
        'The port must be a number from 1 to 65535.',
      );
    expect(emailSettingsProblem({ ...typed, senderAddress: 'office' }, null)).toBe(
      'Please enter the address e-mails are sent from.',
    );
  });
});
