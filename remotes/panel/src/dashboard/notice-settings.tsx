import { NOTICE_CLASSES, type PanelSettings } from '@outpost/contracts';
import { Card, Checkbox, Field, Markdown, Select, Tag, TextArea } from '@outpost/ui';

const NOTICE_CLASS_LABELS: Record<(typeof NOTICE_CLASSES)[number], string> = {
  'is-info': 'Information (blue)',
  'is-success': 'Good news (green)',
  'is-warning': 'Warning (yellow)',
  'is-danger': 'Danger (red)',
};

type Notice = PanelSettings['notice'];

/** The site notice: on/off, Markdown text, style, and a live preview in the notice's own look. */
export function NoticeSettings({
  notice,
  errors,
  onChange,
}: {
  notice: Notice;
  errors: Record<string, string>;
  onChange(notice: Notice): void;
}) {
  return (
    <Card title="Site notice">
      <Checkbox
        label="Show the notice on the overview"
        checked={notice.enabled}
        onChange={(event) => onChange({ ...notice, enabled: event.target.checked })}
      />
      <Field label="Notice text (Markdown)" error={errors['notice.text']} hint="Line breaks show as breaks.">
        {(control) => (
          <TextArea
            {...control}
            rows={4}
            maxLength={4000}
            value={notice.text}
            onChange={(event) => onChange({ ...notice, text: event.target.value })}
          />
        )}
      </Field>
      <Field label="Style" error={errors['notice.class']}>
        {(control) => (
          <Select
            {...control}
            value={notice.class}
            onChange={(event) => onChange({ ...notice, class: event.target.value as Notice['class'] })}
          >
            {NOTICE_CLASSES.map((name) => (
              <option key={name} value={name}>
                {NOTICE_CLASS_LABELS[name]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="notice-preview" aria-live="polite">
        <p className="muted">Preview {notice.enabled ? '' : <Tag tone="neutral">hidden: the notice is off</Tag>}</p>
        {notice.text.trim() ? (
          // The shell's notice classes, so the preview is drawn exactly as the overview draws it.
          <div className={`notice site-notice ${notice.class}`} data-testid="notice-preview">
            <Markdown text={notice.text} />
          </div>
        ) : (
          <p className="muted">Nothing to show yet.</p>
        )}
      </div>
    </Card>
  );
}
