import { useT } from '@outpost/host';
import { Button } from '@outpost/ui';
import { RouterButtonLink } from '../common/router-button-link';

/** Previous / next over the pages of replies: plain links (?page=N), so a page can be shared or opened apart. */
export function ReplyPager({ page, pages }: { page: number; pages: number }) {
  const t = useT();
  if (pages <= 1) return null;
  const to = (target: number) => ({ search: target > 1 ? `?page=${target}` : '', hash: '#replies' });
  return (
    <nav className="reply-pager" aria-label={t('discuss-events.pager.label')}>
      {page > 1 ? (
        <RouterButtonLink to={to(page - 1)} icon="previous">
          {t('discuss-events.pager.earlier')}
        </RouterButtonLink>
      ) : (
        <Button icon="previous" disabled>
          {t('discuss-events.pager.earlier')}
        </Button>
      )}
      <span className="muted">{t('discuss-events.pager.page', { page, pages })}</span>
      {page < pages ? (
        <RouterButtonLink to={to(page + 1)} icon="next">
          {t('discuss-events.pager.later')}
        </RouterButtonLink>
      ) : (
        <Button icon="next" disabled>
          {t('discuss-events.pager.later')}
        </Button>
      )}
    </nav>
  );
}
