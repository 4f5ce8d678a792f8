// The step-up guard is a plugin every module's routes use (plugins/step-up.ts); auth's own files
// reach it here.
export { requireStepUp, stepUpUntil } from '../../../plugins/step-up';
