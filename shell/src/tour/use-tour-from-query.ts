import { lazy, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { savedProgress, useTourStore } from './tour-store';

/** The overlay's code is fetched only while a tour runs: most pages never need it. */
export const TourOverlay = lazy(() => import('./tour-overlay'));

/** Starts the tour named by the query's `tour`, or resumes the one in progress after a reload. */
export function useTourFromQuery(): boolean {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tour');
  const start = useTourStore((state) => state.start);
  const status = useTourStore((state) => state.status);
  useEffect(() => {
    const id = requested ?? savedProgress()?.id;
    if (id) void start(id);
  }, [requested, start]);
  // Once a tour ends, drop `tour` from the address so a reload does not start it again.
  const wasOn = useRef(false);
  useEffect(() => {
    if (status !== 'idle') wasOn.current = true;
    else if (wasOn.current) {
      wasOn.current = false;
      if (params.has('tour')) {
        const rest = new URLSearchParams(params);
        rest.delete('tour');
        setParams(rest, { replace: true });
      }
    }
  }, [status, params, setParams]);
  return status === 'running';
}
