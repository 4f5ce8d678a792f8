import { type Appeal, type AppealDetail, appealAssigneesResponseSchema } from '@outpost/contracts';
import { useHost, useLoad, useSessionStore, useT } from '@outpost/host';
import { Button, Field, FieldRow, Select } from '@outpost/ui';
import { assignAppeal } from './appeals-api';

/** Who handles the appeal: any staff member holding appeals.manage, or nobody. */
export function AssignControl({ appeal, onAssigned }: { appeal: Appeal; onAssigned(detail: AppealDetail): void }) {
  const t = useT();
  const host = useHost();
  const me = useSessionStore((state) => state.session?.id ?? null);
  const { state } = useLoad('/api/appeals/assignees', appealAssigneesResponseSchema);
  const staff = state.status === 'ready' ? state.data.assignees : [];
  const known = staff.some((user) => user.id === appeal.assigneeId);
  const assign = async (assigneeId: string | null) => {
    const sent = await assignAppeal(host, appeal.id, assigneeId);
    if (sent.ok) {
      host.notify({
        level: 'success',
        message: assigneeId
          ? t('players-bans-notes.appeals.queue.who.user', { name: sent.detail.appeal.assigneeName })
          : t('players-bans-notes.appeals.queue.who.unassigned'),
      });
      onAssigned(sent.detail);
    }
  };
  return (
    <FieldRow
      className="appeal-assign"
      actions={
        me &&
        appeal.assigneeId !== me && (
          <Button onClick={() => void assign(me)}>{t('players-bans-notes.appeals.assign.me')}</Button>
        )
      }
    >
      <Field label={t('players-bans-notes.appeals.view.assignedTo')}>
        {(control) => (
          <Select
            {...control}
            value={appeal.assigneeId ?? ''}
            onChange={(event) => void assign(event.target.value || null)}
          >
            <option value="">{t('players-bans-notes.appeals.view.nobody')}</option>
            {appeal.assigneeId && !known && <option value={appeal.assigneeId}>{appeal.assigneeName}</option>}
            {staff.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </FieldRow>
  );
}
