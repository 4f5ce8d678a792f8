import type { Loaded } from '@outpost/host';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useT } from './i18n';
import { Icon, type IconName } from './icon';

/**
 * The one look of a view that has nothing to show yet: an icon, a line of text, perhaps an
 * action. Loading, failed and empty share it, so a section never invents its own.
 */
function StateBlock({
  kind,
  icon,
  role,
  children,
  action,
}: {
  kind: 'loading' | 'error' | 'empty';
  icon: IconName;
  role?: 'status' | 'alert';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`state-block is-${kind}`} role={role}>
      <Icon name={icon} size={20} />
      <div className="state-text">{children}</div>
      {action}
    </div>
  );
}

/**
 * `what` of the loading and failed states: what is being loaded, in the active locale, in the
 * form both sentences take it (ui.states.loading, ui.states.failed in the kit's catalogs): plain
 * in English ("servers"), Spanish, Portuguese, Turkish and Chinese; the accusative in German
 * ("Lade Spieler…"); the genitive in Russian ("Загрузка игроков…", "Ошибка загрузки игроков")
 * and Polish ("Wczytywanie graczy…", "Nie udało się wczytać graczy"). A remote translates its
 * nouns in its own catalog, e.g. t('players.what.list').
 */
export type StateSubject = string;

/** A request under way: 'Loading {what}…'. */
export function LoadingState({ what }: { what: StateSubject }) {
  const t = useT();
  return (
    <StateBlock kind="loading" icon="refresh" role="status">
      {/* One text node: a server-drawn page reads "Loading servers…" whole. */}
      <p className="loading">{t('ui.states.loading', { what })}</p>
    </StateBlock>
  );
}

/** A request that failed: 'Could not load {what}: {message}', with an optional retry. */
export function ErrorState({ what, message, onRetry }: { what: StateSubject; message: string; onRetry?(): void }) {
  const t = useT();
  return (
    <StateBlock
      kind="error"
      icon="error"
      role="alert"
      action={
        onRetry && (
          <Button size="small" icon="refresh" onClick={onRetry}>
            {t('ui.states.retry')}
          </Button>
        )
      }
    >
      <p className="error-text">{t('ui.states.failed', { what, message })}</p>
    </StateBlock>
  );
}

/** Nothing to show (an empty list or search); `title` for a headline above the text, `action` for what to do. */
export function EmptyState({ title, children, action }: { title?: string; children: ReactNode; action?: ReactNode }) {
  return (
    <StateBlock kind="empty" icon="empty" action={action}>
      {title && <p className="state-title">{title}</p>}
      <p>{children}</p>
    </StateBlock>
  );
}

/** The loading and failure states of one request (a Loaded<T> from useLoad), then the content. */
export function LoadState<T>({
  state,
  what,
  onRetry,
  children,
}: {
  state: Loaded<T>;
  what: StateSubject;
  onRetry?(): void;
  children(data: T): ReactNode;
}) {
  if (state.status === 'loading') return <LoadingState what={what} />;
  if (state.status === 'failed') return <ErrorState what={what} message={state.failure.message} onRetry={onRetry} />;
  return <>{children(state.data)}</>;
}
