import type { HTMLAttributes } from 'react';

const gaps = { sm: 'var(--space-2)', md: 'var(--space-4)', lg: 'var(--space-5)' } as const;

/** A vertical column with even spacing: forms and lists of cards. */
export function Stack({
  gap = 'md',
  style,
  ...props
}: { gap?: keyof typeof gaps } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', gap: gaps[gap], ...style }}
      {...props}
    />
  );
}
