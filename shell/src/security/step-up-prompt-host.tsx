import { lazy, Suspense } from 'react';
import { useStepUpStore } from './step-up-store';

// Its words are the account modals' (shell/src/account/locales): drawn once they have arrived.
const StepUpPrompt = lazy(() =>
  import('./step-up-prompt').then(async (module) => {
    await module.accountCatalogs.ready();
    return { default: module.StepUpPrompt };
  }),
);

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
