import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../ui';

/**
 * A folded part of a record (who started an item, the answers to a question): a button that
 * says what is there and, once pressed, what it shows. Disabled when there is nothing; what
 * it shows mounts only when open, so its query runs only then.
 */
export function Disclosure({
  icon: Icon,
  label,
  isEmpty,
  children,
}: {
  icon: LucideIcon;
  label: string;
  isEmpty: boolean;
  children: () => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button
        variant="ghost"
        size="small"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        disabled={isEmpty}
      >
        <Icon size={16} aria-hidden="true" /> {label}
      </Button>
      {open && children()}
    </div>
  );
}
