import type { NoFreeResourcesDetails } from '@outpost/contracts';
import { formatBytes } from '@outpost/ui';
import type { CreateFailure } from './modal-state';

const load = (value: number) => value.toFixed(2);
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

function ResourceFigures({ details }: { details: NoFreeResourcesDetails }) {
  if (details.resource === 'cpu') {
    const { current, average, threshold } = details.cpu;
    return (
      <dl className="resource-figures">
        <dt>Resource</dt>
        <dd>CPU</dd>
        <dt>Current load</dt>
        <dd>{load(current)}</dd>
        <dt>Average load</dt>
        <dd>{load(average)}</dd>
        <dt>Threshold</dt>
        <dd>{load(threshold)}</dd>
      </dl>
    );
  }
  const { available, total, threshold } = details.memory;
  return (
    <dl className="resource-figures">
      <dt>Resource</dt>
      <dd>Memory</dd>
      <dt>Available</dt>
      <dd>
        {formatBytes(available)} of {formatBytes(total)} total
      </dd>
      <dt>Threshold</dt>
      <dd>{percent(threshold)} of total must be available</dd>
    </dl>
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
  if (failure.kind === 'network') return <p className="create-failure error-text">{failure.message}</p>;
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
