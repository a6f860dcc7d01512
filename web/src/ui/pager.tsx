import { Button } from './button';
import styles from './pager.module.css';

interface PagerProps {
  page: number;
  /** Whether the server said another page follows (lists page by has_more, not by a total). */
  hasMore: boolean;
  /** The next page is on its way (the last one still shown): neither button moves. */
  isLoading?: boolean;
  onPage: (page: number) => void;
}

/** Previous, 'Page N', Next: under every list the server pages; nothing while it all fits on one. */
export function Pager({ page, hasMore, isLoading = false, onPage }: PagerProps) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label="Pages" className={styles.pager}>
      <Button
        variant="secondary"
        size="small"
        disabled={page <= 1 || isLoading}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <span>Page {page}</span>
      <Button
        variant="secondary"
        size="small"
        disabled={!hasMore || isLoading}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
