import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from './button';

/**
 * The button that opens and closes a folded part (who started an item, the cards from an
 * answer): its icon and what it says, with its state for screen readers.
 */
export function DisclosureButton({
  icon: Icon,
  open,
  onToggle,
  disabled,
  children,
}: {
  icon: LucideIcon;
  open: boolean;
  onToggle: (open: boolean) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="small"
      aria-expanded={open}
      onClick={() => onToggle(!open)}
      disabled={disabled}
    >
      <Icon size={16} aria-hidden="true" /> {children}
    </Button>
  );
}

/**
 * A folded part of a record (who started an item, the answers to a question): a button that
 * says what is there and, once pressed, what it shows. Disabled when there is nothing; what
 * it shows mounts only when open, so its query runs only then.
 */
export function Disclosure({
  icon,
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
      <DisclosureButton icon={icon} open={open} onToggle={setOpen} disabled={isEmpty}>
        {label}
      </DisclosureButton>
      {open && children()}
    </div>
  );
}
