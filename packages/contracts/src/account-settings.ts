import { z } from 'zod';
import { localeSchema, typedPasswordSchema, userProfileSchema, verificationCodeSchema } from './accounts';
import { passwordSchema } from './common';

/** The message users/ChangeMyPassword answers. */
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';
/** A wrong current password on users/ChangeMyPassword (counted like a wrong login). */
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct. Please try again.';

/**
 * GET users/GetMyProfile: the signed-in account (the fields of users/getUserByemailID) with its
 * courses: the published courses it is enrolled in, and how many of them it has completed (every
 * published lesson done, DESIGN decision 11).
 */
export const myProfileSchema = userProfileSchema.extend({
  courses: z.number(),
  completedCourses: z.number(),
  /** The language the person chose (docs/decisions/044); null: none, the browser's or the school's. */
  language: localeSchema.nullable(),
});
export type MyProfile = z.infer<typeof myProfileSchema>;

/** PUT users/SetMyLanguage: the signed-in person's language, or null to go back to none. */
export const setMyLanguageBodySchema = z.object({
  language: localeSchema.nullable(),
});
export type SetMyLanguageBody = z.input<typeof setMyLanguageBodySchema>;
export const myLanguageResponseSchema = z.object({ language: localeSchema.nullable() });
export type MyLanguageResponse = z.infer<typeof myLanguageResponseSchema>;

/**
 * PUT users/ChangeMyPassword: the signed-in account's new password (the sign-up rules), proven with
 * either its current password or a code mailed by users/RequestMyPasswordCode (or resetPasswordRequest).
 */
export const changeMyPasswordBodySchema = z
  .object({
    currentPassword: typedPasswordSchema.optional(),
    VerificationCode: verificationCodeSchema.optional(),
    newPassword: passwordSchema,
  })
  .superRefine((body, ctx) => {
    const hasCurrent = body.currentPassword !== undefined;
    const hasCode = body.VerificationCode !== undefined;
    if (!hasCurrent && !hasCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: 'is required (or a VerificationCode mailed to you)',
      });
    } else if (hasCurrent && hasCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['VerificationCode'],
        message: 'send either currentPassword or VerificationCode, not both',
      });
    } else if (hasCurrent && body.currentPassword === body.newPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: 'must be different from your current password',
      });
    }
  });
export type ChangeMyPasswordBody = z.input<typeof changeMyPasswordBodySchema>;

/** POST users/RequestMyPasswordCode: where the code went. */
export const myPasswordCodeResponseSchema = z.object({ message: z.string(), email: z.string() });
export type MyPasswordCodeResponse = z.infer<typeof myPasswordCodeResponseSchema>;
