interface Props {
  page: number;
  hasPrevious: boolean;
  nextCursor: string | null | undefined;
  onPrevious(): void;
  onNext(cursor: string): void;
}

/** Previous / Next over keyset pages (a million rows have no useful page count). */
export function Pager({ page, hasPrevious, nextCursor, onPrevious, onNext }: Props) {
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="button is-light" disabled={!hasPrevious} onClick={onPrevious}>
        ← Previous
      </button>
      <span className="muted">Page {page}</span>
      <button
        type="button"
        className="button is-light"
        disabled={!nextCursor}
        onClick={() => nextCursor && onNext(nextCursor)}
      >
        Next →
      </button>
    </nav>
  );
}
