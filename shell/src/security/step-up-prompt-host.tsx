import { lazy, Suspense } from 'react';
import { useStepUpStore } from './step-up-store';

const StepUpPrompt = lazy(() => import('./step-up-prompt').then((module) => ({ default: module.StepUpPrompt })));

/** Draws the step-up prompt while a dangerous action waits for it; its code loads then. */
export function StepUpPromptHost() {
  const open = useStepUpStore((state) => state.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StepUpPrompt />
    </Suspense>
  );
}
