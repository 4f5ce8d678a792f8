import {
  EVENT_CAPACITY_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_TITLE_MAX,
  type EventDetail,
  type EventInput,
  eventInputProblems,
} from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
import {
  Field,
  FormActions,
  fromLocalInputValue,
  Input,
  MarkdownEditor,
  Modal,
  Select,
  toLocalInputValue,
  viewerTimeZone,
} from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { createEvent, saveEvent, serverGroupsResponseSchema, serversPath } from './events-api';

interface Draft {
  title: string;
  description: string;
  starts: string;
  ends: string;
  /** '' none, 'g:<group>' a whole group, 's:<group>:<server>' one server. */
  place: string;
  capacity: string;
}
type Errors = Partial<Record<keyof Draft, string>>;

function draftOf(event: EventDetail | null): Draft {
  if (!event) {
    // Tomorrow at 20:00 local time, two hours long: a sensible starting point.
    const start = new Date();
    start.setDate(start.getDate() + 1);
    start.setHours(20, 0, 0, 0);
    const seconds = Math.floor(start.getTime() / 1000);
    return {
      title: '',
      description: '',
      starts: toLocalInputValue(seconds),
      ends: toLocalInputValue(seconds + 7200),
      place: '',
      capacity: '',
    };
  }
  const place = event.place
    ? event.place.serverId
      ? `s:${event.place.groupId}:${event.place.serverId}`
      : `g:${event.place.groupId}`
    : '';
  return {
    title: event.title,
    description: event.description,
    starts: toLocalInputValue(event.startsAt),
    ends: toLocalInputValue(event.endsAt),
    place,
    capacity: event.capacity === null ? '' : String(event.capacity),
  };
}

/** The draft as the API's input, or the problems to show beside the fields. */
export function readDraft(draft: Draft, t: ReturnType<typeof useT>): { input: EventInput } | { errors: Errors } {
  const errors: Errors = {};
  const title = draft.title.trim();
  if (!title) errors.title = t('discuss-events.form.titleMissing');
  const startsAt = fromLocalInputValue(draft.starts);
  const endsAt = fromLocalInputValue(draft.ends);
  if (startsAt === null) errors.starts = t('discuss-events.form.startsMissing');
  if (endsAt === null) errors.ends = t('discuss-events.form.endsMissing');
  let capacity: number | null = null;
  if (draft.description.length > EVENT_DESCRIPTION_MAX)
    errors.description = t('discuss-events.form.descriptionTooLong', { max: EVENT_DESCRIPTION_MAX });
  if (draft.capacity.trim() !== '') {
    capacity = Number(draft.capacity);
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > EVENT_CAPACITY_MAX)
      errors.capacity = t('discuss-events.form.placesInvalid', { max: EVENT_CAPACITY_MAX });
  }
  const [kind, groupId = null, serverId = null] = draft.place ? draft.place.split(':') : [''];
  const place = { groupId: kind ? groupId : null, serverId: kind === 's' ? serverId : null };
  if (startsAt !== null && endsAt !== null) {
    for (const problem of eventInputProblems({ startsAt, endsAt, ...place }))
      errors[problem.path === 'endsAt' ? 'ends' : 'place'] = problem.message;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      title,
      description: draft.description,
      startsAt: startsAt as number,
      endsAt: endsAt as number,
      capacity,
      ...place,
    },
  };
}

/** Create (event null) or edit an event; times are entered in the viewer's own zone. */
export function EventFormModal({
  event = null,
  onClose,
  onSaved,
}: {
  event?: EventDetail | null;
  onClose(): void;
  onSaved(event: EventDetail): void;
}) {
  const host = useHost();
  const t = useT();
  const groups = useLoad(serversPath, serverGroupsResponseSchema).state;
  const [draft, setDraft] = useState<Draft>(() => draftOf(event));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const read = readDraft(draft, t);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    setBusy(true);
    const result = event ? await saveEvent(host, event.id, read.input) : await createEvent(host, read.input);
    setBusy(false);
    if (result.ok && result.data !== true) onSaved(result.data);
  };

  return (
    <Modal
      title={event ? t('discuss-events.form.editTitle', { title: event.title }) : t('discuss-events.form.newTitle')}
      onClose={onClose}
      width="40rem"
    >
      <form onSubmit={submit} className="event-form" noValidate>
        <Field label={t('discuss-events.form.title')} error={errors.title}>
          {(control) => <Input {...control} value={draft.title} maxLength={EVENT_TITLE_MAX} onChange={set('title')} />}
        </Field>
        <div className="event-form-times">
          <Field label={t('discuss-events.form.starts')} error={errors.starts}>
            {(control) => <Input {...control} type="datetime-local" value={draft.starts} onChange={set('starts')} />}
          </Field>
          <Field label={t('discuss-events.form.ends')} error={errors.ends}>
            {(control) => <Input {...control} type="datetime-local" value={draft.ends} onChange={set('ends')} />}
          </Field>
        </div>
        <p className="field-hint muted event-form-zone">{t('discuss-events.form.zone', { zone: viewerTimeZone() })}</p>
        <Field label={t('discuss-events.form.place')} error={errors.place}>
          {(control) => (
            <Select {...control} value={draft.place} onChange={set('place')}>
              <option value="">{t('discuss-events.form.noServer')}</option>
              {groups.status === 'ready' &&
                groups.data.map((group) => (
                  <optgroup key={group.id} label={group.name}>
                    <option value={`g:${group.id}`}>{t('discuss-events.form.anyServer', { group: group.name })}</option>
                    {group.servers.map((server) => (
                      <option key={server.id} value={`s:${group.id}:${server.id}`}>
                        {server.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('discuss-events.form.places')}
          hint={t('discuss-events.form.placesHint')}
          error={errors.capacity}
        >
          {(control) => <Input {...control} inputMode="numeric" value={draft.capacity} onChange={set('capacity')} />}
        </Field>
        <MarkdownEditor
          label={t('discuss-events.form.description')}
          value={draft.description}
          onChange={(description) => setDraft({ ...draft, description })}
          rows={8}
          maxLength={EVENT_DESCRIPTION_MAX}
          error={errors.description}
          preview="fold"
        />
        <FormActions
          submitLabel={event ? t('discuss-events.form.save') : t('discuss-events.form.create')}
          busy={busy}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
