// Step 2 (details-step.tsx, with the deposit's accounts and texts) is not part of /donate's first
// load (docs/performance.md, "Web first load"): it is fetched when the donor first touches step 1,
// and "Continuar" moves to step 2 once it is here, so the step appears whole and takes the focus as
// before. A reload on step 2 shows the panel's skeleton until it arrives.
import { type ComponentProps, createElement, useEffect, useState } from 'react';
import type { DetailsStep } from './details-step';

type DetailsStepComponent = typeof DetailsStep;

let loaded: DetailsStepComponent | null = null;
let pending: Promise<DetailsStepComponent> | null = null;

export function loadDetailsStep(): Promise<DetailsStepComponent> {
  pending ??= import('./details-step').then(
    (module) => (loaded = module.DetailsStep),
    (error: unknown) => {
      pending = null; // a failed download is tried again on the next touch
      throw error;
    },
  );
  return pending;
}

/** Whether the step is loaded (starting its download otherwise); a failed download reaches the page's error screen. */
export function useDetailsStepReady(wanted: boolean): boolean {
  const [, setVersion] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadDetailsStep().then(
      () => live && setVersion((v) => v + 1),
      (error: unknown) => live && setFailure(() => error),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  if (failure) throw failure;
  return loaded !== null;
}

/** Step 2 itself, once `useDetailsStepReady` says it is loaded. */
export function LoadedDetailsStep(props: ComponentProps<DetailsStepComponent>) {
  return loaded ? createElement(loaded, props) : null;
}
