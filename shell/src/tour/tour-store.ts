import { TOUR_ID_PATTERN, type Tour } from '@outpost/contracts/browser';
import { create } from 'zustand';

// The guided-tour runner's state. A tour is fetched from /tutorials/tours/{id}.json (the docs
// remote publishes them) when a page's query has `tour`, and walks the user through elements
// of any page. Progress is kept in session storage, so a reload resumes at the same step.

export const TOUR_STORAGE_KEY = 'outpost.tour';

type TourState =
  | { status: 'idle' }
  | { status: 'loading'; id: string }
  | { status: 'running'; tour: Tour; index: number; direction: 1 | -1 };

interface TourActions {
  /** Starts (or resumes, when storage holds progress for it) the tour with this id. */
  start(id: string): Promise<void>;
  next(): void;
  back(): void;
  /** Ends the tour: finished, skipped, or an element missing (then `reason` is shown). */
  end(reason?: TourEndReason): void;
}

export type TourStore = TourState & TourActions;

interface SavedProgress {
  id: string;
  index: number;
}

export function savedProgress(): SavedProgress | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(TOUR_STORAGE_KEY) ?? 'null') as SavedProgress | null;
    if (value && typeof value.id === 'string' && TOUR_ID_PATTERN.test(value.id) && Number.isInteger(value.index))
      return value;
  } catch {
    // Unreadable progress is no progress.
  }
  return null;
}

function save(progress: SavedProgress | null) {
  try {
    if (progress) sessionStorage.setItem(TOUR_STORAGE_KEY, JSON.stringify(progress));
    else sessionStorage.removeItem(TOUR_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the tour still runs, it just will not survive a reload.
  }
}

/**
 * Why a tour ended other than by finishing or skipping: what its toast says (tour-later.ts, in
 * the reader's language, so the words are not on the first load).
 */
export type TourEndReason =
  | { problem: 'badName' | 'notFound' | 'damaged' | 'unloadable'; id: string }
  | { problem: 'missing'; tour: string; step: string };

// Fetching a tour and the toast for an early end: a chunk wanted only when a tour runs.
const later = () => import('./tour-later');
const reportEnd = (reason: TourEndReason) => void later().then(({ showTourEnded }) => showTourEnded(reason));

export const useTourStore = create<TourStore>()((set, get) => ({
  status: 'idle',
  async start(id) {
    const state = get();
    if ((state.status === 'running' && state.tour.id === id) || (state.status === 'loading' && state.id === id)) return;
    set({ status: 'loading', id });
    const result = await later().then(
      ({ fetchTour }) => fetchTour(id),
      // The chunk did not arrive (offline, a new release): the tour cannot run now.
      (): { ok: false; reason: TourEndReason } => ({ ok: false, reason: { problem: 'unloadable', id } }),
    );
    const now = get();
    if (now.status !== 'loading' || now.id !== id) return;
    if (!result.ok) {
      save(null);
      set({ status: 'idle' });
      reportEnd(result.reason);
      return;
    }
    const saved = savedProgress();
    const index = saved?.id === id ? Math.min(Math.max(saved.index, 0), result.tour.steps.length - 1) : 0;
    save({ id, index });
    set({ status: 'running', tour: result.tour, index, direction: 1 });
  },
  next() {
    const state = get();
    if (state.status !== 'running') return;
    if (state.index + 1 >= state.tour.steps.length) return get().end();
    save({ id: state.tour.id, index: state.index + 1 });
    set({ ...state, index: state.index + 1, direction: 1 });
  },
  back() {
    const state = get();
    if (state.status !== 'running' || state.index === 0) return;
    save({ id: state.tour.id, index: state.index - 1 });
    set({ ...state, index: state.index - 1, direction: -1 });
  },
  end(reason) {
    save(null);
    set({ status: 'idle' });
    if (reason) reportEnd(reason);
  },
}));
