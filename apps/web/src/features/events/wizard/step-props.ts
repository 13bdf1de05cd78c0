import type { StepErrors, WizardState } from './state.ts';

export type StepProps = { state: WizardState; update: (patch: Partial<WizardState>) => void; errors: StepErrors };
