import type { HTMLAttributes, ReactNode } from 'react';
import { Card } from './card';
import { Form, type FormOutcome } from './form';
import { type BackLink, Screen } from './screen';

interface FormCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: string;
  /** What sending does once the outcome's checks pass (see Form). */
  onSend: () => void;
  outcome?: FormOutcome;
}

/** A form on a card of its own: a settings section, an item being made or edited. */
export function FormCard({ title, onSend, outcome, children, ...card }: FormCardProps) {
  return (
    <Card title={title} {...card}>
      <Form onSend={onSend} outcome={outcome}>
        {children}
      </Form>
    </Card>
  );
}

interface FormScreenProps {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: BackLink;
  /** Narrow by default: a column of fields reads best narrow. */
  width?: 'normal' | 'narrow';
  onSend: () => void;
  outcome?: FormOutcome;
  /** The form's fields, message and buttons. */
  children: ReactNode;
  /** What the screen shows under the form's card, outside the form (a popup, related cards). */
  after?: ReactNode;
}

/** A screen that is one form (Send Assignment, Create User, Change Password): its card. */
export function FormScreen({
  title,
  subtitle,
  back,
  width = 'narrow',
  onSend,
  outcome,
  children,
  after,
}: FormScreenProps) {
  return (
    <Screen title={title} subtitle={subtitle} back={back} width={width}>
      <FormCard onSend={onSend} outcome={outcome}>
        {children}
      </FormCard>
      {after}
    </Screen>
  );
}
