import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './field';

describe('PasswordField: a password, hidden, filled by its purpose', () => {
  const input = (purpose: 'current' | 'new') =>
    renderToStaticMarkup(
      <PasswordField label="Password" purpose={purpose} value="" onValue={() => {}} />,
    ).match(/<input[^>]*>/)?.[0];

  it('hides what is typed and tells password managers which password it is', () => {
    expect(input('current')).toContain('type="password"');
    expect(input('current')).toContain('autoComplete="current-password"');
    expect(input('new')).toContain('autoComplete="new-password"');
  });

  it('is labelled by its visible label', () => {
    const html = renderToStaticMarkup(
      <PasswordField label="New password" purpose="new" value="" onValue={() => {}} />,
    );
    const id = html.match(/<input[^>]*id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html.match(/<label[^>]*for="([^"]+)"[^>]*>New password<\/label>/)?.[1]).toBe(id);
  });
});
