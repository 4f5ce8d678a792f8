// The second-factor sub-door of the auth module (issue 23): what the module's other parts use of
// second-factor/. Files outside second-factor/ import this, never a file inside it.
export { auditSecurity } from './audit-security';
export { hasSecondFactor, readRequiredRoleIds, removeAllFactors } from './factors';
export { secondFactorStanding, withheldRoleIds } from './policy';
export { secondFactorRoutes } from './second-factor-routes';
export { requireStepUp } from './step-up-guard';
