import type { Notice as NoticeSettings } from '@outpost/contracts';
import { type ReactNode, useState } from 'react';
import { useT } from './i18n';
import { Icon } from './icon';
import { Markdown } from './markdown-lazy';

/** SPEC 3: local storage key holding the dismissed notices: their text hash -> when dismissed (ms). */
export const DISMISSED_NOTICES_KEY = 'outpost.dismissed-notices';

function noticeKey(text: string): string {
  // A short, stable hash: a changed notice text shows again even if the old one was dismissed.
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(31, hash) + text.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}

function readDismissed(): Record<string, number> {
  try {
    const parsed = JSON.parse(localStorage.getItem(DISMISSED_NOTICES_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

const SAFE_CLASS = /^[a-z0-9 -]{0,40}$/i;

/** The site notice (markdown, sanitised), dismissable; the dismissal is remembered in local storage. */
export function Notice({ notice }: { notice: NoticeSettings | null | undefined }) {
  const key = notice ? noticeKey(notice.text) : '';
  const [dismissed, setDismissed] = useState(() => key in readDismissed());
  const t = useT();
  if (!notice?.enabled || !notice.text.trim() || dismissed) return null;
  const dismiss = () => {
    const all = readDismissed();
    all[key] = Date.now();
    try {
      localStorage.setItem(DISMISSED_NOTICES_KEY, JSON.stringify(all));
    } catch {
      // Storage blocked: dismissed for this page only.
    }
    setDismissed(true);
  };
  const variant = SAFE_CLASS.test(notice.class) ? notice.class : '';
  return (
    <div className={`notice site-notice ${variant}`.trim()} role="note">
      <button type="button" className="notice-dismiss" aria-label={t('ui.notice.dismiss')} onClick={dismiss}>
        <Icon name="close" />
      </button>
      <Markdown text={notice.text} />
    </div>
  );
}

/** A message inside a page (a warning before a form, a check's result) in the notice look; `tone` by meaning. */
export function Callout({
  tone = 'info',
  role,
  children,
}: {
  tone?: 'info' | 'success' | 'warning' | 'danger';
  /** 'status' for a result that arrives, 'alert' for a failure that does. */
  role?: 'status' | 'alert';
  children: ReactNode;
}) {
  return (
    <div className={tone === 'info' ? 'notice' : `notice is-${tone}`} role={role}>
      {children}
    </div>
  );
}
