import type { CallResponse, EmailSecurity } from '@academy/contract';

/** The security choices, in the words of e-mail providers' own instructions. */
export const SECURITY_CHOICES: { value: EmailSecurity; label: string }[] = [
  { value: 'starttls', label: 'STARTTLS (usually port 587)' },
  { value: 'tls', label: 'TLS (usually port 465)' },
  { value: 'none', label: 'None (a server on your own network)' },
];

interface Typed {
  host: string;
  port: string;
  user: string;
  password: string;
  senderName: string;
  senderAddress: string;
}

/** The form's own checks before it sends (the server checks the same, in the same words). */
export function emailSettingsProblem(
  typed: Typed,
  saved: CallResponse<'getEmailSettings'>['email'],
): string | null {
  const port = Number(typed.port);
  const user = typed.user.trim();
  if (!typed.host.trim()) return "Please enter the SMTP server's host name.";
  if (!/^\d{1,5}$/.test(typed.port.trim()) || port < 1 || port > 65_535)
    return 'The port must be a number from 1 to 65535.';
  if (user && !typed.password && (!saved?.has_password || saved.user !== user))
    return `Please type the password of ${user} on the SMTP server.`;
  if (!typed.senderName.trim()) return 'Please enter the name e-mails are sent by.';
  if (!/^[^\s@]+@[^\s@]+$/.test(typed.senderAddress.trim()))
    return 'Please enter the address e-mails are sent from.';
  return null;
}
