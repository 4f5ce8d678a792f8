import { Button, Icon } from '@outpost/ui/core';
import { useT } from './i18n';

/** What useKeysetPages (@outpost/host) returns: the page shown and how to move. */
export interface KeysetPagesLike {
  page: number;
  hasPrevious: boolean;
  previous(): void;
  next(cursor: string): void;
}

export type PagerProps =
  | {
      /** The keyset pages whole (from useKeysetPages) and the list's nextCursor. */
      pages: KeysetPagesLike;
      nextCursor: string | null | undefined;
    }
  | {
      /** 1-based number of the page shown. */
      page: number;
      hasPrevious: boolean;
      /** The cursor of the next page; none: this is the last page. */
      nextCursor: string | null | undefined;
      onPrevious(): void;
      onNext(cursor: string): void;
    };

/**
 * Previous / Next over keyset pages (a million rows have no useful page count). Hidden when there
 * is one page. Give it `pages={useKeysetPages(...)}` and the response's `nextCursor`.
 */
export function Pager(props: PagerProps) {
  const { nextCursor } = props;
  const { page, hasPrevious, previous, next } =
    'pages' in props
      ? props.pages
      : { page: props.page, hasPrevious: props.hasPrevious, previous: props.onPrevious, next: props.onNext };
  const t = useT();
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav className="pager" aria-label={t('ui.pager.label')}>
      <Button icon="previous" disabled={!hasPrevious} onClick={previous}>
        {t('ui.pager.previous')}
      </Button>
      <span className="muted">{t('ui.pager.page', { page })}</span>
      <Button disabled={!nextCursor} onClick={() => nextCursor && next(nextCursor)}>
        {t('ui.pager.next')} <Icon name="next" />
      </Button>
    </nav>
  );
}
