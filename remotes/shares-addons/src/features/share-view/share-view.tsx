import {
  type Addon,
  shareDetailResponseSchema,
  type WorkshopJob,
  workshopJobsResponseSchema,
} from '@outpost/contracts';
import { useCan, useLoad, useT } from '@outpost/host';
import {
  ButtonLink,
  Card,
  type Column,
  DataTable,
  DateTime,
  EmptyState,
  FilterField,
  formatBytes,
  Input,
  LoadState,
  PageHeader,
  Select,
  TabLinks,
  Tag,
  Toolbar,
} from '@outpost/ui';
import { useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { AddonInfoModal } from '../addon-info/addon-info-modal';
import { jobsPath, sharePath } from '../shares-api';
import { UploadModal } from '../upload/upload-modal';
import { CollectionModal } from '../workshop/collection-modal';
import { JobProgress } from '../workshop/job-progress';
import { useJobStream } from '../workshop/use-job-stream';
import { WorkshopModal } from '../workshop/workshop-modal';
import {
  DEFAULT_LISTING,
  type ListingOptions,
  listAddons,
  parseViewMode,
  SORT_KEYS,
  type SortKey,
} from './addon-listing';
import { useByteUnits } from './use-byte-units';

const SORT_LABELS = {
  name: 'shares-addons.column.name',
  title: 'shares-addons.column.title',
  size: 'shares-addons.column.size',
  modifiedAt: 'shares-addons.column.modified',
  source: 'shares-addons.column.source',
} satisfies Record<SortKey, string>;

function LiveJob({ job, binary }: { job: WorkshopJob; binary: boolean }) {
  const live = useJobStream(job);
  return live ? <JobProgress job={live} binary={binary} /> : null;
}

/** /admin/shares/:shareId/:viewMode: the share's addons as a list or a grid, with its modals below. */
export function ShareView() {
  const t = useT();
  const { shareId = '', viewMode } = useParams();
  const mode = parseViewMode(viewMode);
  const base = `/admin/shares/${encodeURIComponent(shareId)}/${mode}`;
  const navigate = useNavigate();
  const { state, reload } = useLoad(sharePath(shareId), shareDetailResponseSchema);
  const jobs = useLoad(jobsPath(shareId), workshopJobsResponseSchema);
  const [listing, setListing] = useState<ListingOptions>(DEFAULT_LISTING);
  const [binary, setBinary] = useByteUnits();
  const canUpload = useCan('shares.upload');
  const back = () => navigate(base);
  const refresh = () => {
    reload();
    jobs.reload();
  };

  const columns: Column<Addon>[] = [
    {
      key: 'name',
      label: t(SORT_LABELS.name),
      sortable: true,
      phone: 'primary',
      render: (addon) => <Link to={`${base}/${encodeURIComponent(addon.id)}`}>{addon.name}</Link>,
    },
    {
      key: 'title',
      label: t(SORT_LABELS.title),
      sortable: true,
      render: (addon) => addon.title ?? <span className="muted">-</span>,
    },
    { key: 'size', label: t(SORT_LABELS.size), sortable: true, render: (addon) => formatBytes(addon.size, { binary }) },
    {
      key: 'modifiedAt',
      label: t(SORT_LABELS.modifiedAt),
      sortable: true,
      render: (addon) => <DateTime value={addon.modifiedAt} />,
    },
    {
      key: 'source',
      label: t(SORT_LABELS.source),
      sortable: true,
      render: (addon) =>
        addon.source === 'workshop' ? (
          <Tag tone="accent">{t('shares-addons.common.workshopItem', { id: addon.workshopId })}</Tag>
        ) : (
          <Tag tone="neutral">{t('shares-addons.common.uploaded')}</Tag>
        ),
    },
  ];

  return (
    <LoadState state={state} what={t('shares-addons.view.what')} onRetry={reload}>
      {({ share, addons }) => {
        const shown = listAddons(addons, listing);
        const running =
          jobs.state.status === 'ready'
            ? jobs.state.data.jobs.filter((job) => job.state === 'queued' || job.state === 'running')
            : [];
        return (
          <>
            <PageHeader
              level={2}
              title={share.name}
              back={<Link to="/admin/shares">{t('shares-addons.view.allShares')}</Link>}
              description={
                <>
                  {t('shares-addons.view.summary', {
                    count: share.addonCount,
                    size:
                      share.quotaBytes !== null
                        ? t('shares-addons.common.sizeOf', {
                            used: formatBytes(share.usedBytes, { binary }),
                            total: formatBytes(share.quotaBytes, { binary }),
                          })
                        : formatBytes(share.usedBytes, { binary }),
                  })}{' '}
                  · {share.game}
                  {share.groups.length > 0 &&
                    ` · ${t('shares-addons.view.usedBy', { groups: share.groups.map((group) => group.name).join(', ') })}`}
                </>
              }
              actions={
                canUpload && (
                  <>
                    <ButtonLink href={`${base}/upload`} variant="primary" icon="plus">
                      {t('shares-addons.view.upload')}
                    </ButtonLink>
                    {share.game !== 'minecraft' && (
                      <ButtonLink href={`${base}/workshop-download`} icon="external">
                        {t('shares-addons.view.workshopDownload')}
                      </ButtonLink>
                    )}
                  </>
                )
              }
            />
            {running.map((job) => (
              <LiveJob key={job.id} job={job} binary={binary} />
            ))}
            <TabLinks
              label={t('shares-addons.view.mode')}
              links={(['list', 'grid'] as const).map((view) => ({
                href: `/admin/shares/${encodeURIComponent(shareId)}/${view}`,
                label: view === 'list' ? t('shares-addons.view.mode.list') : t('shares-addons.view.mode.grid'),
                current: mode === view,
              }))}
            />
            <Toolbar>
              <FilterField label={t('shares-addons.view.filter')} grow>
                {({ id }) => (
                  <Input
                    id={id}
                    type="search"
                    value={listing.filter}
                    onChange={(event) => setListing({ ...listing, filter: event.target.value })}
                    placeholder={t('shares-addons.view.filter.placeholder')}
                  />
                )}
              </FilterField>
              <FilterField label={t(SORT_LABELS.source)}>
                {({ id }) => (
                  <Select
                    id={id}
                    value={listing.source}
                    onChange={(event) =>
                      setListing({ ...listing, source: event.target.value as ListingOptions['source'] })
                    }
                  >
                    <option value="all">{t('shares-addons.view.source.all')}</option>
                    <option value="upload">{t('shares-addons.common.uploaded')}</option>
                    <option value="workshop">{t('shares-addons.common.workshop')}</option>
                  </Select>
                )}
              </FilterField>
              <FilterField label={t('shares-addons.view.sortBy')}>
                {({ id }) => (
                  <Select
                    id={id}
                    value={`${listing.sort}:${listing.direction}`}
                    onChange={(event) => {
                      const [sort, direction] = event.target.value.split(':') as [SortKey, 'asc' | 'desc'];
                      setListing({ ...listing, sort, direction });
                    }}
                  >
                    {SORT_KEYS.flatMap((key) => [
                      <option key={`${key}:asc`} value={`${key}:asc`}>
                        {t(SORT_LABELS[key])} ↑
                      </option>,
                      <option key={`${key}:desc`} value={`${key}:desc`}>
                        {t(SORT_LABELS[key])} ↓
                      </option>,
                    ])}
                  </Select>
                )}
              </FilterField>
              <FilterField label={t('shares-addons.view.units')}>
                {({ id }) => (
                  <Select
                    id={id}
                    value={binary ? 'binary' : 'decimal'}
                    onChange={(event) => setBinary(event.target.value === 'binary')}
                  >
                    <option value="binary">{t('shares-addons.view.units.binary')}</option>
                    <option value="decimal">{t('shares-addons.view.units.decimal')}</option>
                  </Select>
                )}
              </FilterField>
            </Toolbar>
            {shown.length === 0 ? (
              <EmptyState>
                {addons.length === 0 ? t('shares-addons.view.empty') : t('shares-addons.view.noMatch')}
              </EmptyState>
            ) : mode === 'list' ? (
              <DataTable
                caption={t('shares-addons.view.caption', { name: share.name })}
                columns={columns}
                rows={shown}
                rowKey={(addon) => addon.id}
                sort={{ key: listing.sort, direction: listing.direction === 'asc' ? 'ascending' : 'descending' }}
                onSort={(sort) =>
                  setListing({
                    ...listing,
                    sort: sort.key as SortKey,
                    direction: sort.direction === 'ascending' ? 'asc' : 'desc',
                  })
                }
              />
            ) : (
              <ul className="addon-grid" aria-label={t('shares-addons.view.caption', { name: share.name })}>
                {shown.map((addon) => (
                  <li key={addon.id}>
                    <Card>
                      <div className="addon-card">
                        <Link to={`${base}/${encodeURIComponent(addon.id)}`} className="addon-card-title">
                          <strong>{addon.title ?? addon.name}</strong>
                        </Link>
                        <span className="muted">{addon.name}</span>
                        <span>{formatBytes(addon.size, { binary })}</span>
                        {addon.details.maps.length > 0 && (
                          <span className="muted">
                            {t('shares-addons.view.maps', { count: addon.details.maps.length })}
                          </span>
                        )}
                        <span>
                          {addon.source === 'workshop' ? (
                            <Tag tone="accent">{t('shares-addons.common.workshop')}</Tag>
                          ) : (
                            <Tag tone="neutral">{t('shares-addons.common.uploaded')}</Tag>
                          )}
                        </span>
                      </div>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
            <Routes>
              <Route
                path="upload"
                element={
                  <UploadModal
                    shareId={share.id}
                    game={share.game}
                    binary={binary}
                    onUploaded={reload}
                    onClose={back}
                  />
                }
              />
              <Route
                path="workshop-download/:url?"
                element={<WorkshopRoute shareId={share.id} base={base} binary={binary} onFinished={refresh} />}
              />
              <Route
                path="collections/:collection/:title?"
                element={<CollectionRoute shareId={share.id} binary={binary} onFinished={refresh} onClose={back} />}
              />
              <Route
                path=":addon"
                element={
                  <AddonRoute
                    addons={addons}
                    binary={binary}
                    onDeleted={() => {
                      reload();
                      back();
                    }}
                    onClose={back}
                  />
                }
              />
              <Route path="*" element={null} />
            </Routes>
          </>
        );
      }}
    </LoadState>
  );
}

function WorkshopRoute({
  shareId,
  base,
  binary,
  onFinished,
}: {
  shareId: string;
  base: string;
  binary: boolean;
  onFinished(): void;
}) {
  const { url = '' } = useParams();
  const navigate = useNavigate();
  return (
    <WorkshopModal
      shareId={shareId}
      initialUrl={url}
      binary={binary}
      onFinished={onFinished}
      onCollection={(lookup) =>
        navigate(`${base}/collections/${encodeURIComponent(lookup.id)}/${encodeURIComponent(lookup.title)}`)
      }
      onClose={() => navigate(base)}
    />
  );
}

function CollectionRoute({
  shareId,
  binary,
  onFinished,
  onClose,
}: {
  shareId: string;
  binary: boolean;
  onFinished(): void;
  onClose(): void;
}) {
  const { collection = '', title = '' } = useParams();
  return (
    <CollectionModal
      shareId={shareId}
      collectionId={collection}
      title={title}
      binary={binary}
      onFinished={onFinished}
      onClose={onClose}
    />
  );
}

function AddonRoute({
  addons,
  binary,
  onDeleted,
  onClose,
}: {
  addons: Addon[];
  binary: boolean;
  onDeleted(): void;
  onClose(): void;
}) {
  const { addon: addonId = '' } = useParams();
  const addon = addons.find((candidate) => candidate.id === addonId);
  if (!addon) return null;
  return <AddonInfoModal addon={addon} binary={binary} onDeleted={onDeleted} onClose={onClose} />;
}
