import { discussionDetailSchema } from '@outpost/contracts';
import { useLoad, useT } from '@outpost/host';
import { EmptyState, LoadState } from '@outpost/ui';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { RouterButtonLink } from '../common/router-button-link';
import { threadPath } from './discussions-api';
import { ThreadView } from './thread-view';
import { useOpenDiscussions } from './use-open-discussions';

/**
 * The query of the detail call: a #reply-N link asks for the page holding that reply (unless
 * the URL names a page), else the ?page of the URL.
 */
export function repliesWanted(search: URLSearchParams, hash: string): { page?: number; reply?: number } {
  const page = Number(search.get('page'));
  const hasPage = Number.isSafeInteger(page) && page > 1;
  const reply = /^#reply-(\d+)$/.exec(hash)?.[1];
  if (reply && !hasPage) return { reply: Number(reply) };
  return hasPage ? { page } : {};
}

/** /discuss/:id/:title?: the thread with its title slug in the URL (another slug is corrected in place). */
export function ThreadPage() {
  const params = useParams();
  const t = useT();
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { state, reload } = useLoad(
    valid ? threadPath(id, repliesWanted(search, location.hash)) : null,
    discussionDetailSchema,
  );

  // A wrong or missing slug still finds the thread; the URL is corrected without a history entry.
  const slug = state.status === 'ready' ? state.data.thread.slug : null;
  useEffect(() => {
    if (slug && params.title !== slug)
      navigate(`/discuss/${id}/${slug}${location.search}${location.hash}`, { replace: true });
  }, [slug, params.title, id, location.search, location.hash, navigate]);

  // A link to a reply (#reply-N, e.g. from a notification) opens the page holding it and
  // scrolls to it; the pager's links (#replies) scroll to the top of the replies.
  const shown = state.status === 'ready' ? state.data : null;
  useOpenDiscussions(shown?.openDiscussions);
  useEffect(() => {
    if (!shown) return;
    // Without a target in the URL, a returning reader is taken to where the news starts.
    const unread = location.hash === '' && shown.firstUnreadId !== null ? 'unread-start' : null;
    if (!unread && !/^#(reply-\d+|replies)$/.test(location.hash)) return;
    const target = document.getElementById(unread ?? location.hash.slice(1));
    // (Optional calls: not every DOM, e.g. jsdom in tests, scrolls.)
    target?.scrollIntoView?.({ block: 'start' });
    if (location.hash.startsWith('#reply-')) target?.focus({ preventScroll: true });
  }, [location.hash, shown]);

  if (!valid)
    return (
      <EmptyState action={<RouterButtonLink to="/discuss">{t('discuss-events.thread.all')}</RouterButtonLink>}>
        {t('discuss-events.thread.badId')}
      </EmptyState>
    );
  return (
    <LoadState state={state} what={t('discuss-events.thread.what')} onRetry={reload}>
      {(detail) => <ThreadView detail={detail} reload={reload} highlight={location.hash.slice(1)} />}
    </LoadState>
  );
}
