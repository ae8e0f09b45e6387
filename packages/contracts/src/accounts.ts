import { z } from 'zod';
import {
  emailSchema,
  expected,
  idSchema,
  ignoredFlag,
  optionalText,
  passwordSchema,
  requiredText,
} from './common';
import { COUNTER_LONG, ROLE } from './constants';
import { LOCALES } from './locales';

/** A language Skillwise speaks (LOCALES, docs/decisions/044): `en`, `es` or `ar`. */
export const localeSchema = z.enum(LOCALES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? 'is required'
      : `must be one of ${LOCALES.join(', ')}`,
});

/** A person's language as registration takes it: optional; the web app sends the one its page is in. */
const registrationLanguage = localeSchema.optional();

/** A 6-digit code, sent as text; a number is accepted and zero-padded. */
export const verificationCodeSchema = z
  .union([z.string().trim(), z.number().int().nonnegative()], expected('a 6-digit code'))
  .transform((value) => (typeof value === 'number' ? String(value).padStart(6, '0') : value))
  .pipe(z.string().regex(/^\d{6}$/, 'must be a 6-digit code'));

/** A password as typed to prove who one is: any text (the rules apply to new passwords only). */
export const typedPasswordSchema = z.string(expected('text')).min(1, 'is required').max(1024, 'is too long');

/** POST users/Login */
export const loginBodySchema = z.object({
  username: emailSchema,
  password: typedPasswordSchema,
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  org_Id: z.number().nullable(),
  user_id: z.number(),
  verified: z.boolean(),
  role_id: z.number(),
  /** An addition: the person's language, when they chose one (users/SetMyLanguage); absent otherwise. */
  language: localeSchema.optional(),
});
export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST users/register: student sign-up (role 3). */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  fullName: requiredText(),
  role_id: z
    .union([z.literal(ROLE.STUDENT), z.literal(String(ROLE.STUDENT))], {
      error: 'must be 3: organisations register through organization/RegisterOrg',
    })
    .optional(),
  /** An addition: the language the person reads the app and their e-mails in. */
  language: registrationLanguage,
  is_active: ignoredFlag,
  VerificationCode: ignoredFlag,
  Verified: ignoredFlag,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** POST organization/RegisterOrg (DESIGN decision 1: every field but the description is required). */
export const registerOrgBodySchema = z.object({
  org_Name: requiredText(),
  org_url: requiredText(2048).pipe(
    z.url({ protocol: /^https?$/, error: 'must be a web address starting with http:// or https://' }),
  ),
  org_Description: optionalText(COUNTER_LONG).nullable(),
  primary_email: emailSchema,
  fullName: requiredText(),
  password: passwordSchema,
  /** An addition: the publisher's own language (the school's default is its site settings'). */
  language: registrationLanguage,
  role_id: ignoredFlag,
  is_active: ignoredFlag,
  VerificationCode: ignoredFlag,
  Verified: ignoredFlag,
});
export type RegisterOrgBody = z.input<typeof registerOrgBodySchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  user_id: z.number(),
  org_Id: z.number().nullable(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST users/VerifyVerificationCode */
export const verifyCodeBodySchema = z.object({
  email: emailSchema,
  verificationCode: verificationCodeSchema,
});
export type VerifyCodeBody = z.input<typeof verifyCodeBodySchema>;
export const verifyCodeResponseSchema = z.object({
  verified: z.boolean(),
  message: z.string(),
  /** Why a code was refused: wrong, past its 15 minutes, or dead after 5 wrong tries. */
  reason: z.enum(['invalid', 'expired', 'exhausted']).optional(),
});
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

/** POST users/ResendVerificationCode: the e-mail of an account not yet verified, whose code to mail again. */
export const resendCodeBodySchema = z.object({ email: emailSchema });
export type ResendCodeBody = z.input<typeof resendCodeBodySchema>;

/** The e-mail is already verified: ResendVerificationCode has no code to send (409). */
export const ALREADY_VERIFIED_MESSAGE = 'This e-mail address is already verified. Please log in.';

/**
 * What users/ResendVerificationCode did: `sent` whether a mail went out now (the live code is mailed
 * again at most once a minute and 5 times per 15 minutes), `resendAfterSeconds` how long until asking
 * again can send one.
 */
export const resendCodeResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  sent: z.boolean(),
  resendAfterSeconds: z.number().int().min(0),
});
export type ResendCodeResponse = z.infer<typeof resendCodeResponseSchema>;

/** PUT users/resetPasswordRequest: answers `true`. */
export const resetRequestBodySchema = z.object({ email: emailSchema });
export type ResetRequestBody = z.input<typeof resetRequestBodySchema>;

/** PUT users/resetpassword: the new password, allowed only with a live reset code for that e-mail. */
export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  VerificationCode: verificationCodeSchema,
  is_active: ignoredFlag,
  Verified: ignoredFlag,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/**
 * changeUserProfile's VerificationCode: a 6-digit code mailed to the account proves it is the caller's
 * own; anything else (the spec's client sends '') is ignored, as the field always was.
 */
const profileCodeSchema = z
  .unknown()
  .transform((value) => verificationCodeSchema.safeParse(value).data)
  .optional();

/**
 * PUT users/changeUserProfile. A school changing a student account it created needs no proof; a new
 * password for the caller's own account needs the proof users/ChangeMyPassword takes: `currentPassword`
 * (an addition) or a mailed `VerificationCode`.
 */
export const changeProfileBodySchema = z.object({
  email: emailSchema,
  fullName: requiredText().optional(),
  password: z.union([passwordSchema, z.literal(''), z.null()]).optional(),
  currentPassword: typedPasswordSchema.optional(),
  pwresetRequest: ignoredFlag,
  is_active: ignoredFlag,
  VerificationCode: profileCodeSchema,
  Verified: ignoredFlag,
});
export type ChangeProfileBody = z.input<typeof changeProfileBodySchema>;

export const emailQuerySchema = z.object({ email: emailSchema });

/** GET users/getUserByemailID */
export const userProfileSchema = z.object({
  user_id: z.number(),
  email: z.string(),
  fullName: z.string(),
  role_id: z.number(),
  org_Id: z.number().nullable(),
  verified: z.boolean(),
  is_active: z.boolean(),
  created_date: z.string(),
  /** Whether the caller may change this account's name and password (users/changeUserProfile). */
  can_edit: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const idParamSchema = z.object({ id: idSchema });
