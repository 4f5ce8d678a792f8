// Issue 31: a second factor for staff (TOTP, recovery codes, passkeys) and step-up for
// dangerous actions. zod/mini, like auth.ts: the shell reads these shapes too.
import { z } from 'zod/mini';

/** What a dangerous action answers (401) when no factor was proved recently enough. */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';

/** How a session proved a second factor. */
export const secondFactorMethodSchema = z.enum(['totp', 'recovery', 'passkey']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

export const passkeyInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  lastUsed: z.nullable(z.number()),
});
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>;

/** GET /api/auth/second-factor: the signed-in user's factors and this session's proof. */
export const secondFactorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeyInfoSchema),
  recoveryCodesLeft: z.int(),
  /** True when a factor is enrolled: dangerous actions then need a recent proof. */
  enrolled: z.boolean(),
  /** Roles the user holds that require a second factor (their permissions wait while not enrolled). */
  requiredBy: z.array(z.object({ id: z.string(), name: z.string() })),
  /** True while those roles' permissions are withheld (required, not enrolled). */
  withheld: z.boolean(),
  /** Seconds since the epoch until which this session's last proof counts for step-up; null = none. */
  stepUpUntil: z.nullable(z.number()),
  stepUpWindowMinutes: z.int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /api/auth/second-factor/totp/setup: a new secret waiting for its first code. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  /** otpauth://totp/... for authenticator apps. */
  uri: z.string(),
  /** The same URI as a QR code, an SVG data URL. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Six digits; spaces a person typed are ignored. */
export const totpCodeSchema = z.string().check(z.regex(/^\s*\d{3}\s?\d{3}\s*$/, 'Enter the 6-digit code'));
/** A recovery code as shown (xxxxx-xxxxx), case and spaces ignored. */
export const recoveryCodeSchema = z
  .string()
  .check(z.regex(/^\s*[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}\s*$/, 'Enter a recovery code like abcde-12345'));

export const totpConfirmSchema = z.object({ code: totpCodeSchema });
/** Recovery codes are answered once, when made, and stored only hashed. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/auth/step-up: prove a factor with a code (passkeys use /api/auth/step-up/passkey). */
export const stepUpCodeSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCodeSchema }),
  z.object({ method: z.literal('recovery'), code: recoveryCodeSchema }),
]);
export type StepUpCode = z.infer<typeof stepUpCodeSchema>;
export const stepUpResultSchema = z.object({
  method: secondFactorMethodSchema,
  stepUpUntil: z.number(),
  recoveryCodesLeft: z.int(),
});
export type StepUpResult = z.infer<typeof stepUpResultSchema>;

/** WebAuthn JSON the browser library produces; @simplewebauthn/server checks it in depth. */
const base64url = z.string().check(z.maxLength(4096), z.regex(/^[A-Za-z0-9_-]*$/));
export const webauthnRegistrationSchema = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(80))),
  response: z.looseObject({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url, attestationObject: base64url }),
  }),
});
export const webauthnAssertionSchema = z.object({
  response: z.looseObject({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url }),
  }),
});
/** Options for navigator.credentials (the browser library's JSON form), passed through as is. */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());

/** GET/PUT /api/auth/second-factor/policy: the roles whose holders must enrol. */
export const secondFactorPolicySchema = z.object({
  requiredRoleIds: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(200)),
});
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;
