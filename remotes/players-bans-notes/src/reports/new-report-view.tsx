import { type MyReport, myReportsResponseSchema, reportFormResponseSchema, steamIdForms } from '@outpost/contracts';
import { useLoad, useT } from '@outpost/host';
import { Callout, DataTable, DateTime, EmptyState, LoadState, Tag } from '@outpost/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ReportForm } from './report-form';
import { reasonLabel } from './report-reasons';

/** /reports/new: the report form, then the reports this user filed and whether they were reviewed. */
export function NewReportView() {
  const t = useT();
  const [params] = useSearchParams();
  const form = useLoad('/api/reports/form', reportFormResponseSchema);
  const mine = useLoad('/api/reports/mine', myReportsResponseSchema);
  const [filed, setFiled] = useState<MyReport | null>(null);
  const who = (report: MyReport) => report.targetName ?? steamIdForms(report.targetSteamid).steam2;

  return (
    <section className="reports-page" aria-label={t('players-bans-notes.reports.aria')}>
      {filed && (
        <Callout tone="success" role="status">
          {t('players-bans-notes.reports.filed', { name: who(filed) })}
        </Callout>
      )}
      <LoadState state={form.state} what={t('players-bans-notes.reports.form.what')} onRetry={form.reload}>
        {(data) => (
          <ReportForm
            form={data}
            initialTarget={params.get('steamid') ?? undefined}
            onFiled={(report) => {
              setFiled(report);
              mine.reload();
            }}
          />
        )}
      </LoadState>
      <h2 className="section-title">{t('players-bans-notes.reports.mine.title')}</h2>
      <LoadState state={mine.state} what={t('players-bans-notes.reports.mine.what')} onRetry={mine.reload}>
        {(data) => (
          <DataTable
            caption={t('players-bans-notes.reports.mine.title')}
            rows={data.reports}
            rowKey={(report) => String(report.id)}
            empty={<EmptyState>{t('players-bans-notes.reports.mine.empty')}</EmptyState>}
            columns={[
              { key: 'player', label: t('players-bans-notes.reports.column.player'), render: (report) => who(report) },
              {
                key: 'reason',
                label: t('players-bans-notes.reports.column.reason'),
                render: (report) => reasonLabel(t, report.reason),
              },
              {
                key: 'filed',
                label: t('players-bans-notes.reports.column.filed'),
                render: (report) => <DateTime value={report.createdAt} />,
              },
              {
                key: 'status',
                label: t('players-bans-notes.reports.column.status'),
                render: (report) =>
                  report.status === 'open' ? (
                    <Tag tone="warning">{t('players-bans-notes.reports.status.waiting')}</Tag>
                  ) : (
                    <Tag tone="success">{t('players-bans-notes.reports.status.reviewed')}</Tag>
                  ),
              },
            ]}
          />
        )}
      </LoadState>
    </section>
  );
}
