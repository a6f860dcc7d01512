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

export function TextField({
  label,
  hint,
  id,
  className,
  ...props
}: FieldProps & ComponentProps<'input'>) {
  return (
    <Field label={label} hint={hint} id={id} className={className}>
      {(control) => <input {...control} {...props} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  id,
  className,
  ...props
}: FieldProps & ComponentProps<'textarea'>) {
  return (
    <Field label={label} hint={hint} id={id} className={className}>
      {(control) => <textarea {...control} {...props} />}
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  id,
  className,
  ...props
}: FieldProps & ComponentProps<'select'>) {
  return (
    <Field label={label} hint={hint} id={id} className={className}>
      {(control) => <select {...control} {...props} />}
    </Field>
  );
}

/** A web address: the phone's keyboard for addresses, and the https:// it starts with shown. */
export function UrlField(props: FieldProps & Omit<ComponentProps<'input'>, 'type' | 'inputMode'>) {
  return <TextField type="url" inputMode="url" placeholder="https://" {...props} />;
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
