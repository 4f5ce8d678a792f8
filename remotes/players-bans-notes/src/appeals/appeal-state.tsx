import type { AppealState } from '@outpost/contracts';
import { Tag, type TagTone } from '@outpost/ui';

const LOOK: Record<AppealState, { label: string; tone: TagTone }> = {
  open: { label: 'Open', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  denied: { label: 'Denied', tone: 'danger' },
  closed: { label: 'Closed', tone: 'muted' },
};

export function AppealStateTag({ state }: { state: AppealState }) {
  return <Tag tone={LOOK[state].tone}>{LOOK[state].label}</Tag>;
}
