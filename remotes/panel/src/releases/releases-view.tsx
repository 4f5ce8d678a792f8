import {
  type RemoteRelease,
  type RemoteSummary,
  remoteReleaseSchema,
  remotesListResponseSchema,
} from '@outpost/contracts';
import { SLOT, useHost, useLoad, useLocale, useT, withNode } from '@outpost/host';
import { Button, Card, ConfirmDialog, Icon, LoadState, RelativeTime, Table, Tag, Toolbar } from '@outpost/ui';
import { useState } from 'react';
import { SLOT_2, withTwoNodes } from '../common/with-two-nodes';
import { change } from '../dashboard/panel-api';

type Pending = { kind: 'activate' | 'rollback'; remote: RemoteSummary; release: RemoteRelease };

/** Later in the list = published earlier (the API lists newest first). */
function isOlderThanActive(remote: RemoteSummary, release: RemoteRelease): boolean {
  const active = remote.releases.findIndex((candidate) => candidate.version === remote.active?.version);
  return active >= 0 && remote.releases.indexOf(release) > active;
}

/** The error rate as '5.1 %' (one decimal under 10 %), in the reader's digits. */
function usePercent(): (rate: number | null) => string {
  const t = useT();
  const locale = useLocale();
  return (rate) => {
    if (rate === null) return t('panel.releases.noReports');
    const digits = rate < 0.1 ? 1 : 0;
    const number = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    return t('panel.releases.rate', { rate: number.format(rate * 100) });
  };
}

/** A share of a catalog's keys as a whole percent, rounded down: 99.6 % is not "100 %". */
function completeness(translated: number, keys: number): number {
  return keys === 0 ? 100 : Math.floor((Math.min(translated, keys) / keys) * 100);
}

/**
 * A release's catalog completeness per locale (issue 27 item 2), counted by its build:
 * "de 100 %, ru 98 %", the incomplete ones marked, so a team sees which languages the release
 * leaves partly in English (shown per key) before users do.
 */
function CatalogsCell({ remote, release }: { remote: string; release: RemoteRelease }) {
  const t = useT();
  const locale = useLocale();
  const catalogs = release.catalogs;
  if (catalogs === null) return <span className="muted">{t('panel.releases.catalogs.none')}</span>;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false });
  return (
    <ul
      className="release-catalogs"
      aria-label={t('panel.releases.catalogs.label', { remote, version: release.version })}
    >
      {Object.entries(catalogs.translated).map(([code, translated]) => {
        const percent = completeness(translated, catalogs.keys);
        return (
          <li key={code}>
            <Tag tone={percent === 100 ? 'light' : 'warning'}>
              {t('panel.releases.catalogs.locale', {
                locale: code,
                percent: t('panel.releases.rate', { rate: number.format(percent) }),
              })}
            </Tag>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The Remotes page (issue 14): per remote its active release, how it loads in users' browsers
 * since it was activated, every release kept or pruned, and Activate / Roll back / Try buttons.
 * Activation sends the release this page saw active, so a change someone made meanwhile is
 * refused (409) instead of being silently undone.
 */
export function ReleasesView() {
  const t = useT();
  const host = useHost();
  const { state, reload } = useLoad('/api/remotes', remotesListResponseSchema);
  const [pending, setPending] = useState<Pending | null>(null);

  const activate = async ({ remote, release }: Pending) => {
    const result = await change(
      host,
      'POST',
      `/api/remotes/${remote.id}/activation`,
      { version: release.version, expectedActive: remote.active?.version ?? null },
      remoteReleaseSchema,
    );
    setPending(null);
    reload();
    if (!result.ok) {
      host.notify({ level: 'error', title: t('panel.releases.notify.notActivated'), message: result.message });
      return;
    }
    host.notify({
      level: 'success',
      message: t('panel.releases.notify.activated', { remote: remote.id, version: release.version }),
    });
  };
  const tryRelease = async (remote: RemoteSummary, release: RemoteRelease) => {
    const result = await change(host, 'POST', `/api/remotes/${remote.id}/canary`, { version: release.version });
    reload();
    if (!result.ok) {
      host.notify({ level: 'error', title: t('panel.releases.notify.cannotTry'), message: result.message });
      return;
    }
    host.notify({
      level: 'success',
      message: t('panel.releases.notify.trying', { remote: remote.id, version: release.version }),
    });
  };
  const stopTrying = async (remote: RemoteSummary) => {
    const result = await change(host, 'DELETE', `/api/remotes/${remote.id}/canary`, undefined);
    reload();
    if (!result.ok)
      host.notify({ level: 'error', title: t('panel.releases.notify.stillTrying'), message: result.message });
  };

  return (
    // The hero above says "Remotes" (the page's one title, like every panel page): no second
    // heading here; the toolbar carries the page's action and the cards name each remote.
    <section className="panel-section" aria-label={t('panel.releases.label')}>
      <Toolbar
        actions={
          <Button icon="refresh" onClick={reload}>
            {t('panel.common.refresh')}
          </Button>
        }
      >
        <p className="muted">
          {withNode(t('panel.releases.intro', { command: SLOT }), <code>pnpm release &lt;remote-id&gt;</code>)}
        </p>
      </Toolbar>
      <LoadState state={state} what={t('panel.releases.what')} onRetry={reload}>
        {({ remotes, keepReleases }) => (
          <>
            <p className="muted">{t('panel.releases.kept', { count: keepReleases })}</p>
            {remotes.some((remote) => remote.releases.length === 0) && (
              <p>
                {t('panel.releases.bootstrap', {
                  remotes: remotes
                    .filter((remote) => remote.releases.length === 0)
                    .map((remote) => remote.id)
                    .join(', '),
                })}
              </p>
            )}
            {remotes
              .filter((remote) => remote.releases.length > 0)
              .map((remote) => (
                <RemoteCard
                  key={remote.id}
                  remote={remote}
                  onActivate={(release) =>
                    setPending({ kind: isOlderThanActive(remote, release) ? 'rollback' : 'activate', remote, release })
                  }
                  onTry={(release) => void tryRelease(remote, release)}
                  onStopTrying={() => void stopTrying(remote)}
                />
              ))}
          </>
        )}
      </LoadState>
      {pending && (
        <ConfirmDialog
          title={
            pending.kind === 'rollback'
              ? t('panel.releases.confirm.rollback', { remote: pending.remote.id })
              : t('panel.releases.confirm.activate', { remote: pending.remote.id })
          }
          confirmLabel={pending.kind === 'rollback' ? t('panel.releases.rollback') : t('panel.releases.activate')}
          onConfirm={() => activate(pending)}
          onCancel={() => setPending(null)}
        >
          <p>
            {withTwoNodes(
              t('panel.releases.confirm.body', { version: SLOT, active: SLOT_2 }),
              <code>{pending.release.version}</code>,
              <code>{pending.remote.active?.version ?? t('panel.releases.confirm.bootstrap')}</code>,
            )}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

interface CardProps {
  remote: RemoteSummary;
  onActivate(release: RemoteRelease): void;
  onTry(release: RemoteRelease): void;
  onStopTrying(): void;
}

function RemoteCard({ remote, onActivate, onTry, onStopTrying }: CardProps) {
  const t = useT();
  const percent = usePercent();
  const health = remote.health;
  const failing = health !== null && (health.loadFailures > 0 || health.renderErrors > 0);
  const previous = remote.releases.find(
    (release) => release.status === 'available' && isOlderThanActive(remote, release),
  );
  return (
    <Card
      as="article"
      className="remote-card"
      title={remote.id}
      actions={
        previous && (
          <Button onClick={() => onActivate(previous)}>
            <Icon name="previous" /> {t('panel.releases.rollbackTo', { version: previous.version })}
          </Button>
        )
      }
    >
      <dl className="health-figures">
        <div>
          <dt>{t('panel.releases.activeRelease')}</dt>
          <dd>{remote.active ? <code>{remote.active.version}</code> : t('panel.releases.noRelease')}</dd>
        </div>
        {remote.active && (
          <div>
            <dt>{t('panel.releases.activated')}</dt>
            <dd>
              {withNode(
                t('panel.releases.activatedBy', {
                  time: SLOT,
                  name: remote.active.activatedBy ?? t('panel.releases.unknown'),
                }),
                <RelativeTime value={remote.active.activatedAt} />,
              )}
            </dd>
          </div>
        )}
        {health && (
          <>
            <div>
              <dt>{t('panel.releases.loadStatus')}</dt>
              <dd>
                {health.loads + health.loadFailures === 0 ? (
                  <Tag tone="light">{t('panel.releases.noReports')}</Tag>
                ) : failing ? (
                  <Tag tone="warning">{t('panel.releases.errorsReported')}</Tag>
                ) : (
                  <Tag tone="success">{t('panel.releases.loadingFine')}</Tag>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('panel.releases.errorRate')}</dt>
              <dd>
                {t('panel.releases.errorFigures', {
                  rate: percent(health.errorRate),
                  loads: health.loads,
                  failures: health.loadFailures,
                  errors: health.renderErrors,
                })}
              </dd>
            </div>
          </>
        )}
      </dl>
      {health?.lastError && (
        <p className="muted">
          {health.lastErrorAt === null
            ? withNode(t('panel.releases.lastError', { error: SLOT }), <code>{health.lastError}</code>)
            : withTwoNodes(
                t('panel.releases.lastErrorAt', { time: SLOT, error: SLOT_2 }),
                <RelativeTime value={health.lastErrorAt} />,
                <code>{health.lastError}</code>,
              )}
        </p>
      )}
      {remote.canary && (
        <p className="remote-canary" role="status">
          {withTwoNodes(
            t('panel.releases.canary', { version: SLOT, time: SLOT_2 }),
            <code>{remote.canary.version}</code>,
            <RelativeTime value={remote.canary.expiresAt} />,
          )}{' '}
          <Button onClick={onStopTrying}>{t('panel.releases.stopTrying')}</Button>
        </p>
      )}
      <Table
        caption={t('panel.releases.table', { remote: remote.id })}
        rows={remote.releases}
        rowKey={(release) => release.version}
        empty={t('panel.releases.empty')}
        columns={[
          {
            key: 'version',
            label: t('panel.releases.column.version'),
            render: (release) => (
              <>
                <code>{release.version}</code>{' '}
                {release.version === remote.active?.version && (
                  <Tag tone="success">{t('panel.releases.tag.active')}</Tag>
                )}
                {release.version === remote.canary?.version && (
                  <Tag tone="accent">{t('panel.releases.tag.trying')}</Tag>
                )}
                {release.status === 'pruned' && <Tag tone="muted">{t('panel.releases.tag.pruned')}</Tag>}
              </>
            ),
          },
          { key: 'by', label: t('panel.releases.column.by'), render: (release) => release.publishedBy.name },
          {
            key: 'when',
            label: t('panel.releases.column.when'),
            render: (release) => <RelativeTime value={release.publishedAt} />,
          },
          { key: 'contract', label: t('panel.releases.column.contract'), render: (release) => release.contractVersion },
          {
            key: 'catalogs',
            label: t('panel.releases.column.catalogs'),
            render: (release) => <CatalogsCell remote={remote.id} release={release} />,
          },
          {
            key: 'actions',
            label: t('panel.releases.column.actions'),
            render: (release) =>
              release.version === remote.active?.version || release.status === 'pruned' ? null : (
                <span className="remote-actions">
                  <Button
                    size="small"
                    aria-label={
                      isOlderThanActive(remote, release)
                        ? t('panel.releases.rollbackTo', { version: release.version })
                        : t('panel.releases.activateVersion', { version: release.version })
                    }
                    onClick={() => onActivate(release)}
                  >
                    {isOlderThanActive(remote, release) ? t('panel.releases.rollback') : t('panel.releases.activate')}
                  </Button>
                  <Button
                    size="small"
                    aria-label={t('panel.releases.tryVersion', { version: release.version })}
                    onClick={() => onTry(release)}
                  >
                    {t('panel.releases.try')}
                  </Button>
                </span>
              ),
          },
        ]}
      />
    </Card>
  );
}
