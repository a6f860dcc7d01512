import { Children, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import styles from './tile.module.css';

interface TileContent {
  icon: ReactNode;
  label: ReactNode;
  /** Small text under the label. */
  note?: ReactNode;
  /** Shown in the top corner: a badge, an indicator icon. */
  corner?: ReactNode;
  /** What the tile shows (its corner's count) is being loaded: aria-busy until it is known. */
  busy?: boolean;
  tone?: 'normal' | 'danger';
}

type TileProps = TileContent &
  (
    | { to: string; href?: never; onClick?: never; disabled?: never }
    | { href: string; to?: never; onClick?: never; disabled?: boolean }
    | { onClick: () => void; to?: never; href?: never; disabled?: never }
  );

/** A large, tappable entry on a home screen: an in-app link, an external link, or an action. */
export function Tile(props: TileProps) {
  const className = [styles.tile, props.tone === 'danger' && styles.danger]
    .filter(Boolean)
    .join(' ');
  const busy = props.busy || undefined;
  const content = (
    <>
      <span className={styles.icon} aria-hidden="true">
        {props.icon}
      </span>
      <span className={styles.label}>
        {props.label}
        {props.note && <span className={styles.note}>{props.note}</span>}
      </span>
      {props.corner && <span className={styles.corner}>{props.corner}</span>}
    </>
  );
  if (props.to !== undefined) {
    return (
      <Link to={props.to} className={className} aria-busy={busy}>
        {content}
      </Link>
    );
  }
  if (props.href !== undefined) {
    if (props.disabled) {
      return (
        <span className={className} aria-disabled="true" aria-busy={busy}>
          {content}
        </span>
      );
    }
    return (
      <a
        href={props.href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        aria-busy={busy}
      >
        {content}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <button type="button" onClick={props.onClick} className={className} aria-busy={busy}>
      {content}
    </button>
  );
}

function TileList({ children }: { children: ReactNode }) {
  return (
    <ul className={styles.grid}>
      {Children.map(children, (child) => (child ? <li>{child}</li> : null))}
    </ul>
  );
}

export function TileGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label}>
      <TileList>{children}</TileList>
    </nav>
  );
}

/** Groups of tiles under one navigation landmark: put TileGroups in it. */
export function TileGroups({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className={styles.groups}>
      {children}
    </nav>
  );
}

/** Tiles that belong to one job, under their heading (a section named by it). */
export function TileGroup({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.groupHeading}>
        {heading}
      </h2>
      <TileList>{children}</TileList>
    </section>
  );
}
