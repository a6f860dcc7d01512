import { MAX_NOTIFICATION_LENGTH } from '@academy/contract/constants';
import type { ComponentProps } from 'react';
import { TextAreaField } from './field';

/** A notification's words, as Send Notification writes them and a sent one's edit changes them. */
export function MessageField(props: Omit<ComponentProps<typeof TextAreaField>, 'label'>) {
  return <TextAreaField label="Message" rows={4} maxLength={MAX_NOTIFICATION_LENGTH} {...props} />;
}
