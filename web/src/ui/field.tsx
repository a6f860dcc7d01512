import { type ComponentProps, type ReactNode, useId } from 'react';
import styles from './field.module.css';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  id?: string;
  className?: string;
}

interface ControlProps {
  id: string;
  className: string;
  'aria-describedby'?: string;
}

/** The frame every field shares: a visible label tied to its control, and an optional hint. */
export function Field({
  label,
  hint,
  id,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      {children({
        id: controlId,
        className: styles.control ?? '',
        ...(hintId ? { 'aria-describedby': hintId } : {}),
      })}
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** A field of one kind of control: the frame takes the label, hint and id, the control the rest. */
function fieldOf<P extends object>(draw: (control: ControlProps, props: P) => ReactNode) {
  return ({ label, hint, id, className, ...props }: FieldProps & P) => (
    <Field label={label} hint={hint} id={id} className={className}>
      {(control) => draw(control, props as P)}
    </Field>
  );
}

export const TextField = fieldOf<ComponentProps<'input'>>((control, props) => (
  <input {...control} {...props} />
));

export const TextAreaField = fieldOf<ComponentProps<'textarea'>>((control, props) => (
  <textarea {...control} {...props} />
));

export const SelectField = fieldOf<ComponentProps<'select'>>((control, props) => (
  <select {...control} {...props} />
));

/** A web address: the phone's keyboard for addresses, and the https:// it starts with shown. */
export function UrlField(props: FieldProps & Omit<ComponentProps<'input'>, 'type' | 'inputMode'>) {
  return <TextField type="url" inputMode="url" placeholder="https://" {...props} />;
}

/**
 * A whole number (a port, a count, a mark, a band's lowest score): the phone's number pad, and
 * nothing offered from autofill. Text unless a caller asks for more, so a form's check says
 * what is wrong with it.
 */
export function NumberField(props: FieldProps & Omit<ComponentProps<'input'>, 'inputMode'>) {
  return <TextField inputMode="numeric" autoComplete="off" {...props} />;
}

type PasswordFieldProps = FieldProps &
  Omit<ComponentProps<'input'>, 'type' | 'autoComplete' | 'value'> & {
    /** The password in use (to log in, to confirm a change) or a new one being set. */
    purpose: 'current' | 'new';
    value: string;
    /** The text typed (or use `onChange`, as a bound field does). */
    onValue?: (value: string) => void;
  };

/** A password, hidden as typed; password managers offer to fill or to save it by its purpose. */
export function PasswordField({ purpose, onValue, onChange, ...props }: PasswordFieldProps) {
  return (
    <TextField
      type="password"
      autoComplete={`${purpose}-password`}
      onChange={(e) => {
        onValue?.(e.target.value);
        onChange?.(e);
      }}
      {...props}
    />
  );
}
