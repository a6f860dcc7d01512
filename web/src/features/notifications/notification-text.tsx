import Linkify from 'linkify-react';

const linkOptions = {
  target: '_blank',
  rel: 'noopener noreferrer',
  defaultProtocol: 'https',
  // Only web addresses and e-mail become links; never anything a browser would run.
  validate: (value: string, type: string) =>
    type === 'email' || !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https?:/i.test(value),
};

/**
 * Whether the text could hold anything the link finder makes a link of: every web address
 * and e-mail it finds has a dot between two characters (example.com, a@b.org, 10.0.0.1), a
 * scheme's "://", or is localhost. The finder builds its table of every top-level domain the
 * first time it runs, a long task on a phone just as the home's popup opens; a message with
 * none of these (most are) is drawn as the text it is. The test holds this against the
 * finder itself.
 */
export function mayHoldLink(text: string): boolean {
  return /[^\s.]\.[^\s.]|:\/\/|localhost/iu.test(text);
}

/** A message as text, with its web addresses as safe links (never raw HTML). */
export function NotificationText({ message }: { message: string }) {
  if (!mayHoldLink(message)) return message;
  return <Linkify options={linkOptions}>{message}</Linkify>;
}
