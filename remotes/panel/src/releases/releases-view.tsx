import {
  type RemoteRelease,
  type RemoteSummary,
  remoteReleaseSchema,
  remotesListResponseSchema,
} from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
import { Button, Card, ConfirmDialog, Icon, LoadState, RelativeTime, Table, Tag, Toolbar } from '@outpost/ui';
import { useState } from 'react';
import { change } from '../dashboard/panel-api';

type Pending = { kind: 'activate' | 'rollback'; remote: RemoteSummary; release: RemoteRelease };

/** Later in the list = published earlier (the API lists newest first). */
function isOlderThanActive(remote: RemoteSummary, release: RemoteRelease): boolean {
  const active = remote.releases.findIndex((candidate) => candidate.version === remote.active?.version);
  return active >= 0 && remote.releases.indexOf(release) > active;
}

function percent(rate: number | null): string {
  return rate === null ? 'no reports yet' : `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)} %`;
}

/**
 * The Remotes page (issue 14): per remote its active release, how it loads in users' browsers
 * since it was activated, every release kept or pruned, and Activate / Roll back / Try buttons.
 * Activation sends the release this page saw active, so a change someone made meanwhile is
 * refused (409) instead of being silently undone.
 */
export function ReleasesView() {
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
      host.notify({ level: 'error', title: 'Not activated', message: result.message });
      return;
    }
    host.notify({
      level: 'success',
      message: `${remote.id} now runs ${release.version}: users get it on their next page load`,
    });
  };
  const tryRelease = async (remote: RemoteSummary, release: RemoteRelease) => {
    const result = await change(host, 'POST', `/api/remotes/${remote.id}/canary`, { version: release.version });
    reload();
    if (!result.ok) {
      host.notify({ level: 'error', title: 'Cannot try this release', message: result.message });
      return;
    }
    host.notify({
      level: 'success',
      message: `Your browser loads ${remote.id} ${release.version} from your next page load, for 60 minutes`,
    });
  };
  const stopTrying = async (remote: RemoteSummary) => {
    const result = await change(host, 'DELETE', `/api/remotes/${remote.id}/canary`, undefined);
    reload();
    if (!result.ok) host.notify({ level: 'error', title: 'Still trying', message: result.message });
  };

  return (
    // The hero above says "Remotes" (the page's one title, like every panel page): no second
    // heading here; the toolbar carries the page's action and the cards name each remote.
    <section className="panel-section" aria-label="Remotes">
      <Toolbar
        actions={
          <Button icon="refresh" onClick={reload}>
            Refresh
          </Button>
        }
      >
        <p className="muted">
          Each publish of a section (<code>pnpm release &lt;remote-id&gt;</code>) is a release. Activating or rolling
          back reaches users on their next page load; nothing is rebuilt or restarted.
        </p>
      </Toolbar>
      <LoadState state={state} what="the remotes" onRetry={reload}>
        {({ remotes, keepReleases }) => (
          <>
            <p className="muted">The files of the last {keepReleases} releases of each remote are kept.</p>
            {remotes.some((remote) => remote.releases.length === 0) && (
              <p>
                Serving their bootstrap build (no release yet):{' '}
                {remotes
                  .filter((remote) => remote.releases.length === 0)
                  .map((remote) => remote.id)
                  .join(', ')}
                .
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
              ? `Roll back ${pending.remote.id}?`
              : `Activate this release of ${pending.remote.id}?`
          }
          confirmLabel={pending.kind === 'rollback' ? 'Roll back' : 'Activate'}
          onConfirm={() => activate(pending)}
          onCancel={() => setPending(null)}
        >
          <p>
            Users get <code>{pending.release.version}</code> instead of{' '}
            <code>{pending.remote.active?.version ?? 'the bootstrap build'}</code> on their next page load.
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
            <Icon name="previous" /> Roll back to {previous.version}
          </Button>
        )
      }
    >
      <dl className="health-figures">
        <div>
          <dt>Active release</dt>
          <dd>{remote.active ? <code>{remote.active.version}</code> : 'bootstrap build (no release yet)'}</dd>
        </div>
        {remote.active && (
          <div>
            <dt>Activated</dt>
            <dd>
              <RelativeTime value={remote.active.activatedAt} /> by {remote.active.activatedBy ?? 'unknown'}
            </dd>
          </div>
        )}
        {health && (
          <>
            <div>
              <dt>Load status</dt>
              <dd>
                {health.loads + health.loadFailures === 0 ? (
                  <Tag tone="light">no reports yet</Tag>
                ) : failing ? (
                  <Tag tone="warning">errors reported</Tag>
                ) : (
                  <Tag tone="success">loading fine</Tag>
                )}
              </dd>
            </div>
            <div>
              <dt>Error rate since activation</dt>
              <dd>
                {percent(health.errorRate)} ({health.loads} loads, {health.loadFailures} load failures,{' '}
                {health.renderErrors} render errors)
              </dd>
            </div>
          </>
        )}
      </dl>
      {health?.lastError && (
        <p className="muted">
          Last error
          {health.lastErrorAt !== null && (
            <>
              {' '}
              (<RelativeTime value={health.lastErrorAt} />)
            </>
          )}
          : <code>{health.lastError}</code>
        </p>
      )}
      {remote.canary && (
        <p className="remote-canary" role="status">
          Your browser is trying <code>{remote.canary.version}</code> until{' '}
          <RelativeTime value={remote.canary.expiresAt} />. <Button onClick={onStopTrying}>Stop trying</Button>
        </p>
      )}
      <Table
        caption={`Releases of ${remote.id}`}
        rows={remote.releases}
        rowKey={(release) => release.version}
        empty="No release published yet: the bootstrap build is served."
        columns={[
          {
            key: 'version',
            label: 'Version',
            render: (release) => (
              <>
                <code>{release.version}</code>{' '}
                {release.version === remote.active?.version && <Tag tone="success">active</Tag>}
                {release.version === remote.canary?.version && <Tag tone="accent">trying</Tag>}
                {release.status === 'pruned' && <Tag tone="muted">files pruned</Tag>}
              </>
            ),
          },
          { key: 'by', label: 'Published by', render: (release) => release.publishedBy.name },
          { key: 'when', label: 'Published', render: (release) => <RelativeTime value={release.publishedAt} /> },
          { key: 'contract', label: 'Contract', render: (release) => release.contractVersion },
          {
            key: 'actions',
            label: 'Actions',
            render: (release) =>
              release.version === remote.active?.version || release.status === 'pruned' ? null : (
                <span className="remote-actions">
                  <Button
                    size="small"
                    aria-label={`${isOlderThanActive(remote, release) ? 'Roll back to' : 'Activate'} ${release.version}`}
                    onClick={() => onActivate(release)}
                  >
                    {isOlderThanActive(remote, release) ? 'Roll back' : 'Activate'}
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Try ${release.version} in my browser`}
                    onClick={() => onTry(release)}
                  >
                    Try in my browser
                  </Button>
                </span>
              ),
          },
        ]}
      />
    </Card>
  );
}
