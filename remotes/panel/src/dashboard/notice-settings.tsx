import { NOTICE_CLASSES, type PanelSettings } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Card, Checkbox, Field, Markdown, Select, Tag, TextArea } from '@outpost/ui';

/** Each notice style's label key. */
const NOTICE_CLASS_LABELS: Record<(typeof NOTICE_CLASSES)[number], string> = {
  'is-info': 'panel.dashboard.notice.class.info',
  'is-success': 'panel.dashboard.notice.class.success',
  'is-warning': 'panel.dashboard.notice.class.warning',
  'is-danger': 'panel.dashboard.notice.class.danger',
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
  const t = useT();
  return (
    <Card title={t('panel.dashboard.notice')}>
      <Checkbox
        label={t('panel.dashboard.notice.show')}
        checked={notice.enabled}
        onChange={(event) => onChange({ ...notice, enabled: event.target.checked })}
      />
      <Field
        label={t('panel.dashboard.notice.text')}
        error={errors['notice.text']}
        hint={t('panel.dashboard.notice.text.hint')}
      >
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
      <Field label={t('panel.dashboard.notice.style')} error={errors['notice.class']}>
        {(control) => (
          <Select
            {...control}
            value={notice.class}
            onChange={(event) => onChange({ ...notice, class: event.target.value as Notice['class'] })}
          >
            {NOTICE_CLASSES.map((name) => (
              <option key={name} value={name}>
                {t(NOTICE_CLASS_LABELS[name])}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="notice-preview" aria-live="polite">
        <p className="muted">
          {t('panel.dashboard.notice.preview')}{' '}
          {notice.enabled ? '' : <Tag tone="neutral">{t('panel.dashboard.notice.hidden')}</Tag>}
        </p>
        {notice.text.trim() ? (
          // The shell's notice classes, so the preview is drawn exactly as the overview draws it.
          <div className={`notice site-notice ${notice.class}`} data-testid="notice-preview">
            <Markdown text={notice.text} />
          </div>
        ) : (
          <p className="muted">{t('panel.dashboard.notice.empty')}</p>
        )}
      </div>
    </Card>
  );
}
