import { MESSAGE_KIND_WORDS, type MessageKind } from '@academy/contract/messages';

/**
 * What the academy's e-mails say (issue 31, point 3), as plain text and as HTML with the same
 * words. Pure: the channel, the test e-mail and the password link fill them in. Every text a
 * person or an administrator typed is escaped in the HTML.
 */
export interface MailWords {
  subject: string;
  text: string;
  html: string;
}

/** Where a person changes which messages reach them, and how (the lead's screen). */
export const CHOICES_PATH = '/message-choices';

export interface LetterItem {
  kind: MessageKind;
  text: string;
  path: string;
}

/** Who a letter is for: the person, or one of their guardians. */
export type Reader = { guardian: null } | { guardian: { name: string }; studentName: string };

export interface LetterContext {
  academyName: string;
  /** `https://academy.example`: links are this and a path of the web app. */
  origin: string;
  reader: Reader;
  /** The letter's one-click unsubscribe link (unsubscribe-token.ts), when it has one. */
  unsubscribe?: string;
}

/** One message by e-mail: its text, the screen it opens, and how to change one's choices. */
export function letterWords(item: LetterItem, context: LetterContext): MailWords {
  const { academyName, origin, reader } = context;
  const link = `${origin}${item.path}`;
  const intro = readerIntro(context);
  const open = reader.guardian ? [] : [`Open it in the app: ${link}`];
  return {
    subject: `${academyName}: ${shortened(item.text)}`,
    text: [...intro, item.text, ...open, footerText(context)].join('\n\n'),
    html: page(academyName, [
      ...intro.map(paragraph),
      paragraph(item.text),
      ...(reader.guardian ? [] : [`<p>${anchor(link, 'Open it in the app')}</p>`]),
      footerHtml(context),
    ]),
  };
}

/** The day's digest: one e-mail listing each message with its link, oldest first. */
export function digestWords(items: LetterItem[], context: LetterContext): MailWords {
  const { academyName, origin, reader } = context;
  const count = `${items.length} message${items.length === 1 ? '' : 's'}`;
  const lines = items.map((item, i) => {
    const link = `${origin}${item.path}`;
    const label = `${i + 1}. ${MESSAGE_KIND_WORDS[item.kind]}: ${item.text}`;
    return reader.guardian ? label : `${label}\n   ${link}`;
  });
  const intro = readerIntro(context);
  return {
    subject: `Your day at ${academyName}: ${count}`,
    text: [
      ...intro,
      `Your messages from ${academyName} today:`,
      ...lines,
      footerText(context),
    ].join('\n\n'),
    html: page(academyName, [
      ...intro.map(paragraph),
      paragraph(`Your messages from ${academyName} today:`),
      `<ol>${items
        .map((item) => {
          const words = `<strong>${escapeHtml(MESSAGE_KIND_WORDS[item.kind])}</strong>: ${withBreaks(item.text)}`;
          const open = reader.guardian ? '' : `<br>${anchor(`${origin}${item.path}`, 'Open it')}`;
          return `<li style="margin-bottom:12px">${words}${open}</li>`;
        })
        .join('')}</ol>`,
      footerHtml(context),
    ]),
  };
}

/** A link to set a new password, sent when someone asks on the login screen. */
export function passwordLinkWords(options: {
  academyName: string;
  name: string;
  username: string;
  link: string;
  minutes: number;
}): MailWords {
  const { academyName, name, username, link, minutes } = options;
  const asked = `Someone, probably you, asked for a link to set a new password for your account at ${academyName} (username: ${username}).`;
  const within = `Open this link within ${minutes} minutes to choose a new password. It works once:`;
  const ignore =
    'If you did not ask for it, you can ignore this e-mail: your password stays as it is.';
  return {
    subject: `Set a new password for ${academyName}`,
    text: [`Hello ${name},`, asked, `${within}\n${link}`, ignore].join('\n\n'),
    html: page(academyName, [
      paragraph(`Hello ${name},`),
      paragraph(asked),
      paragraph(within),
      `<p>${anchor(link, 'Choose a new password')}</p>`,
      `<p style="color:#555">${escapeHtml(link)}</p>`,
      paragraph(ignore),
    ]),
  };
}

/** The test e-mail an administrator sends from Settings. */
export function testMailWords(academyName: string, origin: string): MailWords {
  const works = `This is a test e-mail from ${academyName}'s Settings. E-mail works: messages and password links will reach people this way.`;
  return {
    subject: `Test e-mail from ${academyName}`,
    text: [works, origin].join('\n\n'),
    html: page(academyName, [paragraph(works), `<p>${anchor(origin, origin)}</p>`]),
  };
}

/** A guardian is told whose message it is; the person needs no introduction. */
function readerIntro({ academyName, reader }: LetterContext): string[] {
  if (!reader.guardian) return [];
  return [
    `Hello ${reader.guardian.name}, a message from ${academyName} about ${reader.studentName}, for you as their guardian:`,
  ];
}

function footerText({ academyName, origin, reader, unsubscribe }: LetterContext): string {
  const stop = unsubscribe ? `\nStop e-mails of this kind: ${unsubscribe}` : '';
  if (reader.guardian)
    return unsubscribe
      ? `--\n${academyName}\nYou get these e-mails as ${reader.studentName}'s guardian.${stop}`
      : `--\n${academyName}\nYou get these e-mails as ${reader.studentName}'s guardian. To stop them, ask ${academyName}.`;
  return `--\n${academyName}\nYou get this e-mail because of your message choices. Change them: ${origin}${CHOICES_PATH}${stop}`;
}

function footerHtml({ academyName, origin, reader, unsubscribe }: LetterContext): string {
  const style = 'margin-top:24px;color:#555;font-size:13px';
  const stop = unsubscribe ? ` ${anchor(unsubscribe, 'Stop e-mails of this kind')}.` : '';
  if (reader.guardian)
    return unsubscribe
      ? `<p style="${style}">${escapeHtml(`You get these e-mails as ${reader.studentName}'s guardian.`)}${stop}</p>`
      : `<p style="${style}">${escapeHtml(`You get these e-mails as ${reader.studentName}'s guardian. To stop them, ask ${academyName}.`)}</p>`;
  return `<p style="${style}">You get this e-mail because of your message choices. ${anchor(`${origin}${CHOICES_PATH}`, 'Change them')}.${stop}</p>`;
}

/** The text's first line, cut at a word near 60 characters: a subject line a phone shows whole. */
export function shortened(text: string, most = 60): string {
  const line = (text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '').trim();
  if (line.length <= most) return line;
  const cut = line.slice(0, most);
  const space = cut.lastIndexOf(' ');
  return `${(space > most / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const paragraph = (text: string) => `<p>${withBreaks(text)}</p>`;

/** Text escaped, its line breaks kept. */
function withBreaks(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

function anchor(href: string, words: string): string {
  return `<a href="${escapeHtml(href)}" style="color:#3730a3">${escapeHtml(words)}</a>`;
}

function page(academyName: string, parts: string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:16px"><p style="font-weight:600;color:#3730a3">${escapeHtml(academyName)}</p>${parts.join('')}</body></html>`;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
