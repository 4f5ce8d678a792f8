import { TOUR_ID_PATTERN, type Tour, tourSchema } from '@outpost/contracts/browser';
import { i18n } from '@outpost/host';
import { laterWordsReady } from '../later/catalogs';
import { useToastStore } from '../toasts/toast-store';
import type { TourEndReason } from './tour-store';

// The part of the tour runner that only runs once a page's query names a tour (or a reload
// resumes one): fetching it, and the toast when a tour ends early. A chunk of its own, with the
// tour's words (later/catalogs.ts), so none of it is on a visitor's first load.

/** Fetches and checks a tour; why it cannot run otherwise. */
export async function fetchTour(id: string): Promise<{ ok: true; tour: Tour } | { ok: false; reason: TourEndReason }> {
  if (!TOUR_ID_PATTERN.test(id)) return { ok: false, reason: { problem: 'badName', id } };
  try {
    const response = await fetch(`/tutorials/tours/${id}.json`, { headers: { accept: 'application/json' } });
    if (!response.ok) return { ok: false, reason: { problem: 'notFound', id } };
    const parsed = tourSchema.safeParse(await response.json());
    return parsed.success ? { ok: true, tour: parsed.data } : { ok: false, reason: { problem: 'damaged', id } };
  } catch {
    // No answer, or one that is not JSON: the browser's own words for it would be English.
    return { ok: false, reason: { problem: 'unloadable', id } };
  }
}

/** The toast for a tour that ended other than by finishing or skipping, in the reader's language. */
export async function showTourEnded(reason: TourEndReason): Promise<void> {
  await laterWordsReady;
  const text =
    reason.problem === 'missing'
      ? i18n._('shell.later.tour.missing', { tour: reason.tour, step: reason.step })
      : i18n._(`shell.later.tour.${reason.problem}`, { id: reason.id });
  useToastStore.getState().show({ title: i18n._('shell.later.tour.ended'), text, type: 'warn', duration: 7000 });
}
