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
          <LoadingState what={t('panel.gallery.demo.what.bans')} />
        </State>
        <State label={t('panel.gallery.state.failed')}>
          <ErrorState what={t('panel.gallery.demo.what.bans')} message="503 Service Unavailable" onRetry={() => {}} />
        </State>
        <State label={t('panel.gallery.state.empty')}>
          <EmptyState
            title={t('panel.gallery.demo.noBans')}
            action={<Button size="small">{t('panel.gallery.demo.clearFilters')}</Button>}
          >
            {t('panel.gallery.demo.nothingMatches')}
          </EmptyState>
        </State>
      </Specimen>
      <Specimen name="Callout" use={t('panel.gallery.use.callout')}>
        <State label={t('panel.gallery.state.tones')} wide>
          <Callout>{t('panel.gallery.demo.callout.info')}</Callout>
          <Callout tone="success">{t('panel.gallery.demo.callout.success')}</Callout>
          <Callout tone="warning">{t('panel.gallery.demo.callout.warning')}</Callout>
          <Callout tone="danger">{t('panel.gallery.demo.callout.danger', { address: '203.0.113.10:27015' })}</Callout>
        </State>
      </Specimen>
      <Specimen name="ProgressBar" use={t('panel.gallery.use.progressbar')}>
        <State label={t('panel.gallery.state.running')} wide>
          <ProgressBar label={t('panel.gallery.demo.progress.bans')} value={41_250} max={100_000} />
        </State>
        <State label={t('panel.gallery.state.not-known-yet')} wide>
          <ProgressBar label={t('panel.gallery.demo.progress.bans')} value={0} max={0} />
        </State>
        <State label={t('panel.gallery.state.finished-failed')} wide>
          <ProgressBar label={t('panel.gallery.demo.progress.finished')} value={100_000} max={100_000} tone="success" />
          <ProgressBar label={t('panel.gallery.demo.progress.failed')} value={3000} max={100_000} tone="danger" />
        </State>
      </Specimen>
      <Specimen name="Notice" use={t('panel.gallery.use.notice')}>
        <State label={t('panel.gallery.state.info')} wide>
          <Notice notice={{ enabled: true, text: t('panel.gallery.demo.notice.info'), class: 'is-info' }} />
        </State>
        <State label={t('panel.gallery.state.warning')} wide>
          <Notice notice={{ enabled: true, text: t('panel.gallery.demo.notice.warning'), class: 'is-warning' }} />
        </State>
      </Specimen>
      <Specimen name="Toast" use={t('panel.gallery.use.toast')}>
        <State label={t('panel.gallery.state.show-one')}>
          <div className="specimen-row">
            <Button
              onClick={() =>
                toast({
                  level: 'success',
                  title: t('panel.gallery.demo.toast.saved'),
                  message: t('panel.gallery.demo.toast.savedMessage'),
                })
              }
            >
              {t('panel.gallery.demo.toast.success')}
            </Button>
            <Button
              onClick={() =>
                toast({ level: 'error', title: 'NOT_FOUND', message: t('panel.gallery.demo.toast.notFound') })
              }
            >
              {t('panel.gallery.demo.toast.error')}
            </Button>
          </div>
        </State>
      </Specimen>
    </>
  );
}
