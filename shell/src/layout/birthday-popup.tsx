import { SLOT, useSessionStore, withNode } from '@outpost/host';
import { Modal } from '@outpost/ui/core';
import { useState } from 'react';
import { useT } from '../i18n/catalogs';
import { useLaterWords } from '../later/catalogs';

export const BIRTHDAY_DISMISSED_KEY = 'outpost.birthday-dismissed';
/** SPEC 9: a dismissed birthday popup stays hidden 24 h. */
export const BIRTHDAY_HIDE_MS = 24 * 60 * 60 * 1000;

export function isBirthday(profile: { birthMonth: number | null; birthDate: number | null }, now: Date): boolean {
  return profile.birthMonth === now.getMonth() + 1 && profile.birthDate === now.getDate();
}

function dismissedRecently(now: number): boolean {
  const at = Number(localStorage.getItem(BIRTHDAY_DISMISSED_KEY));
  return Number.isFinite(at) && at > 0 && now - at < BIRTHDAY_HIDE_MS;
}

/** SPEC 2: once a day, on the user's birthday. */
export function BirthdayPopup({ now = () => new Date() }: { now?: () => Date }) {
  const session = useSessionStore((state) => state.session);
  const [hidden, setHidden] = useState(false);
  const t = useT();
  const words = useLaterWords();
  const today = now();
  if (!words || !session || hidden || !isBirthday(session.profile, today) || dismissedRecently(today.getTime()))
    return null;
  const dismiss = () => {
    localStorage.setItem(BIRTHDAY_DISMISSED_KEY, String(now().getTime()));
    setHidden(true);
  };
  return (
    <Modal title={t('shell.later.birthday.title')} onClose={dismiss}>
      <p>{withNode(t('shell.later.birthday.text', { name: SLOT }), <strong>{session.name}</strong>)}</p>
    </Modal>
  );
}
