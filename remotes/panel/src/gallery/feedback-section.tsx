import { useT, useToast } from '@outpost/host';
import { Button, Callout, EmptyState, ErrorState, LoadingState, Notice, ProgressBar } from '@outpost/ui';
import { Specimen, State } from './specimen';

/** States of a view, in-page messages, the notice and toasts. */
export function FeedbackSection() {
  const t = useT();
  const toast = useToast();
  return (
    <>
      <Specimen name="States" use={t('panel.gallery.use.states')}>
        <State label={t('panel.gallery.state.loading')}>
          <LoadingState what="bans" />
        </State>
        <State label={t('panel.gallery.state.failed')}>
          <ErrorState what="bans" message="503 Service Unavailable" onRetry={() => {}} />
        </State>
        <State label={t('panel.gallery.state.empty')}>
          <EmptyState title="No bans" action={<Button size="small">Clear filters</Button>}>
            Nothing matches these filters.
          </EmptyState>
        </State>
      </Specimen>
      <Specimen name="Callout" use={t('panel.gallery.use.callout')}>
        <State label={t('panel.gallery.state.tones')} wide>
          <Callout>Instances start from the group's template.</Callout>
          <Callout tone="success">The server answered: 12 players online.</Callout>
          <Callout tone="warning">No group can create an instance yet.</Callout>
          <Callout tone="danger">The server did not answer on 203.0.113.10:27015.</Callout>
        </State>
      </Specimen>
      <Specimen name="ProgressBar" use={t('panel.gallery.use.progressbar')}>
        <State label={t('panel.gallery.state.running')} wide>
          <ProgressBar label="Bans and comm blocks" value={41_250} max={100_000} />
        </State>
        <State label={t('panel.gallery.state.not-known-yet')} wide>
          <ProgressBar label="Bans and comm blocks" value={0} max={0} />
        </State>
        <State label={t('panel.gallery.state.finished-failed')} wide>
          <ProgressBar label="Finished" value={100_000} max={100_000} tone="success" />
          <ProgressBar label="Failed" value={3000} max={100_000} tone="danger" />
        </State>
      </Specimen>
      <Specimen name="Notice" use={t('panel.gallery.use.notice')}>
        <State label={t('panel.gallery.state.info')} wide>
          <Notice notice={{ enabled: true, text: 'Maintenance **tonight** at 22:00.', class: 'is-info' }} />
        </State>
        <State label={t('panel.gallery.state.warning')} wide>
          <Notice notice={{ enabled: true, text: 'Servers restart in 10 minutes.', class: 'is-warning' }} />
        </State>
      </Specimen>
      <Specimen name="Toast" use={t('panel.gallery.use.toast')}>
        <State label={t('panel.gallery.state.show-one')}>
          <div className="specimen-row">
            <Button onClick={() => toast({ level: 'success', title: 'Saved', message: 'The ban was saved.' })}>
              Success toast
            </Button>
            <Button onClick={() => toast({ level: 'error', title: 'NOT_FOUND', message: 'No ban has this id' })}>
              Error toast
            </Button>
          </div>
        </State>
      </Specimen>
    </>
  );
}
