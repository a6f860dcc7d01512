import { find } from 'linkifyjs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mayHoldLink, NotificationText } from './notification-text';

/** Messages as administrators write them, with and without addresses, and near misses. */
const messages = [
  'Week 1: remember the reading for Monday.',
  'Class is cancelled today... see you Thursday!',
  'Read pages 12-14. Then answer: who, what, why?',
  'Good work, Sara :) 9/10',
  'Email 3.5 is due',
  'See example.com for the list',
  'Slides: https://example.com/week-3',
  'Write to teacher@academy.org today',
  'The room is at 10.0.0.12 now',
  'Open http://localhost:8080/class',
  'localhost:3000 is the test page',
  'Visit пример.рф and www.bbc.co.uk.',
  'ftp://files.example.com is not a web link',
  'mailto:teacher@academy.org',
  'javascript:alert(1)',
  'Words:end.Next',
  '',
];

describe('NotificationText', () => {
  it('never passes over an address the link finder would find', () => {
    const withLinks = messages.filter((message) => find(message).length > 0);
    expect(withLinks.length).toBeGreaterThan(7);
    for (const message of withLinks) expect(mayHoldLink(message), message).toBe(true);
  });

  it('leaves the link finder out of a message with no address at all', () => {
    expect(mayHoldLink('Week 1: remember the reading for Monday.')).toBe(false);
    expect(mayHoldLink('Good work, Sara :) 9/10')).toBe(false);
  });

  it('draws the same text either way, links only for web addresses and e-mail', () => {
    const html = (message: string) => renderToStaticMarkup(<NotificationText message={message} />);
    expect(html('Week 1: <b>remember</b> the reading.')).toBe(
      'Week 1: &lt;b&gt;remember&lt;/b&gt; the reading.',
    );
    expect(html('Slides: https://example.com/week-3')).toBe(
      'Slides: <a href="https://example.com/week-3" target="_blank" rel="noopener noreferrer">https://example.com/week-3</a>',
    );
    expect(html('Write to teacher@academy.org')).toContain('href="mailto:teacher@academy.org"');
    expect(html('javascript:alert(1)')).not.toContain('<a');
  });
});
