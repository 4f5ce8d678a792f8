import { useSessionStore } from '@outpost/host';
import { Modal } from '@outpost/ui/core';
import { useState } from 'react';

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
  const today = now();
  if (!session || hidden || !isBirthday(session.profile, today) || dismissedRecently(today.getTime())) return null;
  const dismiss = () => {
    localStorage.setItem(BIRTHDAY_DISMISSED_KEY, String(now().getTime()));
    setHidden(true);
  };
  return (
    <Modal title="Happy Birthday!" onClose={dismiss}>
      <p>
        Happy birthday, <strong>{session.name}</strong>! 🎂 Thank you for being part of the community.
      </p>
    </Modal>
  );
}
