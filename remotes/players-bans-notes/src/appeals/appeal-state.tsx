import type { AppealState } from '@outpost/contracts';
import { StatusBadge } from '@outpost/ui';

/** An appeal's state in the kit's one tone per state. */
export function AppealStateTag({ state }: { state: AppealState }) {
  return <StatusBadge status={`appeal.${state}`} />;
}
