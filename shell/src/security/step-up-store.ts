import { create } from 'zustand';

// The step-up prompt's state (issue 31). The shared fetch helper calls requestStepUp() when a
// dangerous action answers 401 STEP_UP_REQUIRED; the prompt (step-up-prompt.tsx) settles it.
// Calls that need a step-up at the same time share one prompt.

interface StepUpState {
  open: boolean;
  settle(proved: boolean): void;
}

let pending: { promise: Promise<boolean>; resolve(proved: boolean): void } | null = null;

export const useStepUpStore = create<StepUpState>()((set) => ({
  open: false,
  settle(proved) {
    pending?.resolve(proved);
    pending = null;
    set({ open: false });
  },
}));

/** Opens the prompt (or joins the open one); true once the person proved a factor. */
export function requestStepUp(): Promise<boolean> {
  if (pending) return pending.promise;
  let resolve: (proved: boolean) => void = () => {};
  const promise = new Promise<boolean>((done) => {
    resolve = done;
  });
  pending = { promise, resolve };
  useStepUpStore.setState({ open: true });
  return promise;
}
