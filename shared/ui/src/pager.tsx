import { Icon } from './icon';

export interface PagerProps {
  /** 1-based number of the page shown. */
  page: number;
  hasPrevious: boolean;
  /** The cursor of the next page; none: this is the last page. */
  nextCursor: string | null | undefined;
  onPrevious(): void;
  onNext(cursor: string): void;
}

/** Previous / Next over keyset pages (a million rows have no useful page count). Hidden when there is one page. */
export function Pager({ page, hasPrevious, nextCursor, onPrevious, onNext }: PagerProps) {
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="button is-light" disabled={!hasPrevious} onClick={onPrevious}>
        <Icon name="previous" /> Previous
      </button>
      <span className="muted">Page {page}</span>
      <button
        type="button"
        className="button is-light"
        disabled={!nextCursor}
        onClick={() => nextCursor && onNext(nextCursor)}
      >
        Next <Icon name="next" />
      </button>
    </nav>
  );
}
