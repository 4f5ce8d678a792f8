import { type MyReport, myReportsResponseSchema, reportFormResponseSchema, steamIdForms } from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { Callout, DataTable, DateTime, EmptyState, LoadState, Tag } from '@outpost/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ReportForm } from './report-form';

/** /reports/new: the report form, then the reports this user filed and whether they were reviewed. */
export function NewReportView() {
  const [params] = useSearchParams();
  const form = useLoad('/api/reports/form', reportFormResponseSchema);
  const mine = useLoad('/api/reports/mine', myReportsResponseSchema);
  const [filed, setFiled] = useState<MyReport | null>(null);
  const who = (report: MyReport) => report.targetName ?? steamIdForms(report.targetSteamid).steam2;

  return (
    <section className="reports-page" aria-label="Report a player">
      {filed && (
        <Callout tone="success" role="status">
          Thank you: your report of {who(filed)} was sent. Staff will review it, and you will be notified when they
          have.
        </Callout>
      )}
      <LoadState state={form.state} what="the report form" onRetry={form.reload}>
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
      <h2 className="section-title">Your reports</h2>
      <LoadState state={mine.state} what="your reports" onRetry={mine.reload}>
        {(data) => (
          <DataTable
            caption="Your reports"
            rows={data.reports}
            rowKey={(report) => String(report.id)}
            empty={<EmptyState>You have not reported anyone.</EmptyState>}
            columns={[
              { key: 'player', label: 'Player', render: (report) => who(report) },
              { key: 'reason', label: 'Reason', render: (report) => report.reason },
              { key: 'filed', label: 'Filed', render: (report) => <DateTime value={report.createdAt} /> },
              {
                key: 'status',
                label: 'Status',
                render: (report) =>
                  report.status === 'open' ? <Tag tone="warning">Waiting</Tag> : <Tag tone="success">Reviewed</Tag>,
              },
            ]}
          />
        )}
      </LoadState>
    </section>
  );
}
