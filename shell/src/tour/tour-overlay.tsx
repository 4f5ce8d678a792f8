import type { TourStep } from '@outpost/contracts';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../i18n/catalogs';
import { useLaterWords } from '../later/catalogs';
import { useTourStore } from './tour-store';
import './tour.css';

/** How long a step waits for its element (remote pages load lazily) before the tour ends. */
export const TOUR_WAIT_MS = 5000;
const POLL_MS = 100;

function findTarget(selector: string): Element | null {
  try {
    // Pages the shell keeps alive are hidden (display: none): never point at one of those.
    const shown = [...document.querySelectorAll(selector)].filter(
      (e) => !e.closest('[hidden], [style*="display: none"]'),
    );
    return shown[0] ?? null;
  } catch {
    return null; // an invalid selector is a missing element
  }
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

type Found = { step: number; element: Element } | { step: number; element: null };

/**
 * The guided tour on top of any page: goes to the step's page, waits for its element,
 * highlights it and explains it. Next, Back and Skip (also ArrowRight, ArrowLeft, Escape);
 * a missing element ends the tour with a message, or is passed over when the step is optional.
 */
export default function TourOverlay({ waitMs = TOUR_WAIT_MS }: { waitMs?: number }) {
  const state = useTourStore();
  const navigate = useNavigate();
  const location = useLocation();
  const running = state.status === 'running' ? state : null;
  const step: TourStep | null = running ? (running.tour.steps[running.index] ?? null) : null;
  const [found, setFound] = useState<Found | null>(null);
  const [rect, setRect] = useState<DOMRect | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const t = useT();
  const words = useLaterWords();

  const index = running ? running.index : -1;
  // Go to the step's page, then wait for its element.
  useEffect(() => {
    if (index < 0 || !step) return;
    setFound(null);
    if (step.path && location.pathname !== step.path.split('?')[0]) {
      navigate(step.path);
      return;
    }
    const started = Date.now();
    const timer = window.setInterval(() => {
      const element = findTarget(step.target);
      if (element || Date.now() - started >= waitMs) {
        window.clearInterval(timer);
        setFound({ step: index, element });
      }
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [index, step, location.pathname, navigate, waitMs]);

  // A missing element: pass over an optional step, otherwise end the tour cleanly.
  useEffect(() => {
    if (!running || !step || !found || found.step !== running.index || found.element) return;
    const { next, back, end } = useTourStore.getState();
    if (step.optional) {
      if (running.direction === -1 && running.index > 0) back();
      else next();
    } else {
      end({ problem: 'missing', tour: running.tour.title, step: step.title });
    }
  }, [found, running, step]);

  // Keep the highlight on the element while the page scrolls, resizes or re-renders.
  const element = found && running && found.step === running.index ? found.element : null;
  useEffect(() => {
    if (!element) return setRect(null);
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    // Pages re-render (the overview refreshes its tables): follow the element the selector finds now.
    const measure = () => {
      const current = element.isConnected ? element : step ? findTarget(step.target) : null;
      setRect(current ? current.getBoundingClientRect() : null);
    };
    measure();
    const timer = window.setInterval(measure, 250);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    panel.current?.focus();
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [element, step]);

  // Keyboard: arrows step (unless the user is typing in a field), Escape skips the tour.
  useEffect(() => {
    if (!running) return;
    const onKey = (event: KeyboardEvent) => {
      const { next, back, end } = useTourStore.getState();
      if (event.key === 'Escape') {
        event.stopPropagation();
        event.preventDefault();
        end();
      } else if (!isTyping(event.target) && event.key === 'ArrowRight') {
        event.preventDefault();
        next();
      } else if (!isTyping(event.target) && event.key === 'ArrowLeft') {
        event.preventDefault();
        back();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [running]);

  if (!running || !step || !element || !words) return null;
  const last = running.index === running.tour.steps.length - 1;
  const { next, back, end } = state as ReturnType<typeof useTourStore.getState>;
  return (
    <div className="tour-layer">
      {rect && <div className="tour-highlight" style={highlightStyle(rect)} aria-hidden="true" />}
      <div
        ref={panel}
        className="tour-panel card"
        style={panelStyle(rect)}
        role="dialog"
        aria-modal="false"
        aria-labelledby="tour-step-title"
        aria-describedby="tour-step-body"
        tabIndex={-1}
      >
        <p className="tour-progress muted">
          {t('shell.later.tour.progress', {
            tour: running.tour.title,
            step: running.index + 1,
            count: running.tour.steps.length,
          })}
        </p>
        <h2 id="tour-step-title">{step.title}</h2>
        <p id="tour-step-body">{step.body}</p>
        <div className="tour-buttons">
          <button type="button" className="button is-light" onClick={() => end()}>
            {t('shell.later.tour.skip')}
          </button>
          <span className="tour-spacer" />
          <button type="button" className="button is-light" onClick={back} disabled={running.index === 0}>
            {t('shell.later.tour.back')}
          </button>
          <button type="button" className="button" onClick={next}>
            {last ? t('shell.later.tour.finish') : t('shell.later.tour.next')}
          </button>
        </div>
      </div>
    </div>
  );
}

const PAD = 6;

function highlightStyle(rect: DOMRect): CSSProperties {
  return { top: rect.top - PAD, left: rect.left - PAD, width: rect.width + PAD * 2, height: rect.height + PAD * 2 };
}

/**
 * Docked to the right edge, in the half of the screen the element is not in, so it never covers
 * what the user has to click; on narrow screens the stylesheet makes it full width.
 */
function panelStyle(rect: DOMRect | null): CSSProperties {
  if (!rect || typeof window === 'undefined') return {};
  const width = Math.min(360, window.innerWidth - 16);
  const elementBelowMiddle = rect.top + rect.height / 2 > window.innerHeight / 2;
  return elementBelowMiddle ? { top: 8, right: 8, width } : { bottom: 8, right: 8, width };
}
