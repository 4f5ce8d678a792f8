import type { NoFreeResourcesDetails } from '@outpost/contracts';
import { i18n, SLOT, useT, withNode } from '@outpost/host';
import { Callout, DescriptionList, formatBytes } from '@outpost/ui';
import type { CreateFailure } from './modal-state';

// Figures as the reader's locale writes them ('0.75' and '50%' in English, '0,75' and '50 %' in German).
const load = (value: number) =>
  i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
const percent = (fraction: number) => i18n.number(Math.round(fraction * 100) / 100, { style: 'percent' });

function ResourceFigures({ details }: { details: NoFreeResourcesDetails }) {
  const t = useT();
  if (details.resource === 'cpu') {
    const { current, average, threshold } = details.cpu;
    return (
      <DescriptionList
        items={[
          { term: t('servers.instance.resource'), value: t('servers.instance.cpu') },
          { term: t('servers.instance.currentLoad'), value: load(current) },
          { term: t('servers.instance.averageLoad'), value: load(average) },
          { term: t('servers.instance.threshold'), value: load(threshold) },
        ]}
      />
    );
  }
  const { available, total, threshold } = details.memory;
  return (
    <DescriptionList
      items={[
        { term: t('servers.instance.resource'), value: t('servers.instance.memory') },
        {
          term: t('servers.instance.available.label'),
          value: t('servers.instance.availableOf', { available: formatBytes(available), total: formatBytes(total) }),
        },
        {
          term: t('servers.instance.threshold'),
          value: t('servers.instance.mustBeAvailable', { percent: percent(threshold) }),
        },
      ]}
    />
  );
}

/** SPEC 8: why creating an instance failed. */
export function FailureExplanation({ failure }: { failure: CreateFailure }) {
  const t = useT();
  if (failure.kind === 'no-free-resources') {
    return (
      <div className="create-failure">
        <p>{t('servers.instance.noResources')}</p>
        <ResourceFigures details={failure.details} />
        <p>{t('servers.instance.tryLater')}</p>
      </div>
    );
  }
  if (failure.kind === 'network')
    return (
      <Callout tone="danger" role="alert">
        {failure.message}
      </Callout>
    );
  if (!failure.code && !failure.message) return <p className="create-failure">{t('servers.instance.noInformation')}</p>;
  return (
    <div className="create-failure">
      {failure.code && <p>{withNode(t('servers.instance.errorCode', { code: SLOT }), <code>{failure.code}</code>)}</p>}
      {failure.message && <p>{failure.message}</p>}
    </div>
  );
}
