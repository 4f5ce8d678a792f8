import { Button } from '@outpost/ui';
import { RouterButtonLink } from '../common/router-button-link';

/** Previous / next over the pages of replies: plain links (?page=N), so a page can be shared or opened apart. */
export function ReplyPager({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  const to = (target: number) => ({ search: target > 1 ? `?page=${target}` : '', hash: '#replies' });
  return (
    <nav className="reply-pager" aria-label="Pages of replies">
      {page > 1 ? (
        <RouterButtonLink to={to(page - 1)} icon="previous">
          Earlier replies
        </RouterButtonLink>
      ) : (
        <Button icon="previous" disabled>
          Earlier replies
        </Button>
      )}
      <span className="muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <RouterButtonLink to={to(page + 1)} icon="next">
          Later replies
        </RouterButtonLink>
      ) : (
        <Button icon="next" disabled>
          Later replies
        </Button>
      )}
    </nav>
  );
}
