import { useT } from '@outpost/host';
import {
  Button,
  ButtonLink,
  type Column,
  DataTable,
  DateTime,
  DescriptionList,
  EmptyState,
  STATUSES,
  type Status,
  StatusBadge,
} from '@outpost/ui';
import { GALLERY_NOW, SAMPLE_AGES, SAMPLE_PLAYER, SAMPLE_SERVERS, type SampleServer } from './gallery-fixtures';
import { Specimen, State } from './specimen';

type T = ReturnType<typeof useT>;

const columns = (t: T): Column<SampleServer>[] => [
  { key: 'status', label: t('panel.gallery.demo.column.status'), render: (row) => <StatusBadge status={row.status} /> },
  {
    key: 'name',
    label: t('panel.gallery.demo.column.name'),
    render: (row) => row.name,
    sortValue: (row) => row.name,
    phone: 'primary',
  },
  { key: 'map', label: t('panel.gallery.demo.column.map'), render: (row) => row.map },
  { key: 'players', label: t('panel.gallery.demo.column.players'), render: (row) => row.players },
  {
    key: 'address',
    label: t('panel.gallery.demo.column.connect'),
    render: (row) => <code>connect {row.address}</code>,
    phone: 'primary',
  },
  {
    key: 'seen',
    label: t('panel.gallery.demo.column.lastSeen'),
    render: (row) => <DateTime value={row.seen} display="relative" now={GALLERY_NOW} />,
    phone: 'hidden',
  },
  {
    key: 'join',
    label: t('panel.gallery.demo.join'),
    render: (row) => (
      <ButtonLink href={`steam://connect/${row.address}`} size="small" variant="primary" icon="start">
        {t('panel.gallery.demo.join')}
      </ButtonLink>
    ),
    phone: 'primary',
  },
];

/** Tables, facts, states of things, dates. */
export function DataSection() {
  const t = useT();
  return (
    <>
      <Specimen name="DataTable" use={t('panel.gallery.use.datatable')}>
        <State label={t('panel.gallery.state.rows')} wide>
          <DataTable
            caption={t('panel.gallery.demo.servers')}
            columns={columns(t)}
            rows={SAMPLE_SERVERS}
            rowKey={(row) => String(row.id)}
          />
        </State>
        <State label={t('panel.gallery.state.empty')} wide>
          <DataTable
            caption={t('panel.gallery.demo.servers')}
            columns={columns(t)}
            rows={[]}
            rowKey={(row) => String(row.id)}
            empty={
              <EmptyState action={<Button size="small">{t('panel.gallery.demo.addServer')}</Button>}>
                {t('panel.gallery.demo.noServersYet')}
              </EmptyState>
            }
          />
        </State>
      </Specimen>
      <Specimen name="DescriptionList" use={t('panel.gallery.use.descriptionlist')}>
        <State label={t('panel.gallery.state.columns')} wide>
          <DescriptionList
            items={SAMPLE_PLAYER.map((item) =>
              'seconds' in item
                ? {
                    term: item.term,
                    key: item.key,
                    value: <DateTime value={item.seconds} display="both" now={GALLERY_NOW} />,
                  }
                : { term: item.term, value: item.value },
            )}
          />
        </State>
        <State label={t('panel.gallery.state.grid')} wide>
          <DescriptionList
            layout="grid"
            items={[
              { term: t('panel.gallery.demo.term.bans'), value: '2' },
              { term: t('panel.gallery.demo.term.notes'), value: '5' },
              { term: t('panel.gallery.demo.term.playTime'), value: '312 h' },
              { term: t('panel.gallery.demo.servers'), value: '4' },
            ]}
          />
        </State>
      </Specimen>
      <Specimen name="StatusBadge" use={t('panel.gallery.use.statusbadge')}>
        <State label={t('panel.gallery.state.every-state')} wide>
          <div className="specimen-row">
            {(Object.keys(STATUSES) as Status[]).map((status) => (
              <span key={status} className="specimen-status">
                <StatusBadge status={status} />
                <code>{status}</code>
              </span>
            ))}
          </div>
        </State>
      </Specimen>
      <Specimen name="DateTime" use={t('panel.gallery.use.datetime')}>
        <State label={t('panel.gallery.state.absolute-both-day')}>
          <ul className="specimen-list">
            <li>
              <DateTime value={SAMPLE_AGES[5]} now={GALLERY_NOW} />
            </li>
            <li>
              <DateTime value={SAMPLE_AGES[6]} display="both" now={GALLERY_NOW} />
            </li>
            <li>
              <DateTime value={SAMPLE_AGES[9]} display="day" now={GALLERY_NOW} />
            </li>
            <li>
              <DateTime value={Number.NaN} />
            </li>
          </ul>
        </State>
        <State label={t('panel.gallery.state.relative')}>
          <ul className="specimen-list">
            {SAMPLE_AGES.map((value) => (
              <li key={value}>
                <DateTime value={value} display="relative" now={GALLERY_NOW} />
              </li>
            ))}
          </ul>
        </State>
      </Specimen>
    </>
  );
}
