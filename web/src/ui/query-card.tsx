import type { ReactNode } from 'react';
import { Card } from './card';
import { QueryView, type QueryViewProps } from './query-view';

/**
 * A card that shows what one query loaded, in each of its states (QueryView) under the card's
 * title: the dashboard's and a student page's sections.
 */
export function QueryCard<T>({
  title,
  className,
  footer,
  ...view
}: QueryViewProps<T> & {
  title: string;
  className?: string;
  /** Under what was loaded, whatever its state: a link onwards. */
  footer?: ReactNode;
}) {
  return (
    <Card title={title} className={className}>
      <QueryView {...view} />
      {footer}
    </Card>
  );
}
