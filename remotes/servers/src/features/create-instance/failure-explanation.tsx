import type { NoFreeResourcesDetails } from '@outpost/contracts';
import { Callout, DescriptionList, formatBytes } from '@outpost/ui';
import type { CreateFailure } from './modal-state';

const load = (value: number) => value.toFixed(2);
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

function ResourceFigures({ details }: { details: NoFreeResourcesDetails }) {
  if (details.resource === 'cpu') {
    const { current, average, threshold } = details.cpu;
    return (
      <DescriptionList
        items={[
          { term: 'Resource', value: 'CPU' },
          { term: 'Current load', value: load(current) },
          { term: 'Average load', value: load(average) },
          { term: 'Threshold', value: load(threshold) },
        ]}
      />
    );
  }
  const { available, total, threshold } = details.memory;
  return (
    <DescriptionList
      items={[
        { term: 'Resource', value: 'Memory' },
        { term: 'Available', value: `${formatBytes(available)} of ${formatBytes(total)} total` },
        { term: 'Threshold', value: `${percent(threshold)} of total must be available` },
      ]}
    />
  );
}

/** SPEC 8: why creating an instance failed. */
export function FailureExplanation({ failure }: { failure: CreateFailure }) {
  if (failure.kind === 'no-free-resources') {
    return (
      <div className="create-failure">
        <p>There are not enough system resources available at this time to create a new instance.</p>
        <ResourceFigures details={failure.details} />
        <p>Try again later when resources are available</p>
      </div>
    );
  }
  if (failure.kind === 'network')
    return (
      <Callout tone="danger" role="alert">
        {failure.message}
      </Callout>
    );
  if (!failure.code && !failure.message) return <p className="create-failure">No information available</p>;
  return (
    <div className="create-failure">
      {failure.code && (
        <p>
          Error code: <code>{failure.code}</code>
        </p>
      )}
      {failure.message && <p>{failure.message}</p>}
    </div>
  );
}
