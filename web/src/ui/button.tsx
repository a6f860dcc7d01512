import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface Look {
  variant?: Variant;
  block?: boolean;
  size?: 'normal' | 'small';
}

function classes({ variant = 'primary', block, size }: Look, extra?: string) {
  return [
    styles.button,
    styles[variant],
    block && styles.block,
    size === 'small' && styles.small,
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  block,
  size,
  className,
  type = 'button',
  ...props
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={classes({ variant, block, size }, className)} {...props} />;
}

/** A link that looks like a button: navigation stays a link for screen readers and new tabs. */
export function ButtonLink({
  variant = 'secondary',
  block,
  size,
  className,
  ...props
}: Look & LinkProps & { children: ReactNode }) {
  return <Link className={classes({ variant, block, size }, className)} {...props} />;
}

/**
 * A link that looks like a button, to an address that is no screen of the app (a calendar's
 * webcal: address, another site): a plain link, which the browser hands to whatever opens it.
 */
export function ExternalButtonLink({
  variant = 'secondary',
  block,
  size,
  className,
  ...props
}: Look & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode }) {
  return <a className={classes({ variant, block, size }, className)} {...props} />;
}
