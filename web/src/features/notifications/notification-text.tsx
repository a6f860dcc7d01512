import Linkify from 'linkify-react';

const linkOptions = {
  target: '_blank',
  rel: 'noopener noreferrer',
  defaultProtocol: 'https',
  // Only web addresses and e-mail become links; never anything a browser would run.
  validate: (value: string, type: string) =>
    type === 'email' || !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https?:/i.test(value),
};

/** A message as text, with its web addresses as safe links (never raw HTML). */
export function NotificationText({ message }: { message: string }) {
  return <Linkify options={linkOptions}>{message}</Linkify>;
}
