import type {
  MessageResponse,
  ResendCodeResponse,
  ResetPasswordBody,
  VerifyCodeBody,
  VerifyCodeResponse,
} from '@skillwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readerText } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { storage } from '@/lib/storage';

/** POST users/VerifyVerificationCode. Typed loosely: SPEC §8 handles an answer without `verified`. */
export const verifyCode = (body: VerifyCodeBody): Promise<Partial<VerifyCodeResponse> | null | undefined> =>
  apiRequest('users/VerifyVerificationCode', { method: 'POST', body });

/** POST users/ResendVerificationCode: mails the sign-up code again (the same code), or says when it can. */
export const resendVerificationCode = (email: string): Promise<ResendCodeResponse> =>
  apiRequest('users/ResendVerificationCode', { method: 'POST', body: { email } });

/** Mails the sign-up code of the stored e-mail again. */
export const useResendVerificationCode = () => useMutation({ mutationFn: resendVerificationCode });

/** PUT users/resetPasswordRequest: e-mails a reset code; answers `true`. */
export const requestPasswordReset = (email: string): Promise<boolean> =>
  apiRequest('users/resetPasswordRequest', { method: 'PUT', body: { email } });

/** PUT users/resetpassword: sets the new password, given the code verified just before. */
export const resetPassword = (input: {
  email: string;
  password: string;
  code: string;
}): Promise<MessageResponse> => {
  const body: ResetPasswordBody = {
    email: input.email,
    password: input.password,
    VerificationCode: input.code,
    is_active: true,
    Verified: true,
  };
  return apiRequest('users/resetpassword', { method: 'PUT', body });
};

/** A code the server refused (verified: false), with the words to tell the user. */
export class CodeRejected extends Error {}

/**
 * A refused code says so with the specification's invalid-code message, unless the server's reason is that the code expired or
 * died after too many tries: then its own words tell the user what to do next.
 */
const rejectionMessage = (response: Partial<VerifyCodeResponse>): string =>
  (response.reason === 'expired' || response.reason === 'exhausted') && response.message
    ? readerText(response.message)
    : t('common.msg.invalidCode');

/** Checks the e-mailed code for the stored e-mail; a refused code fails with CodeRejected. */
export const useVerifyCode = () =>
  useMutation({
    mutationFn: async (code: string) => {
      const response = await verifyCode({ email: storage.get('userEmail') ?? '', verificationCode: code });
      if (typeof response?.verified !== 'boolean') throw new Error(t('common.msg.provideValidCode'));
      if (!response.verified) throw new CodeRejected(rejectionMessage(response));
      return response;
    },
    onSuccess: () => {
      // A verified account logs in next; a reset keeps the mark until the new password is saved.
      if (storage.get('verifyFor') !== 'reset') storage.remove('verifyFor');
    },
  });

/** E-mails a reset code; the code screen that follows verifies it for a reset. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (_result, email) => {
      storage.set('userEmail', email);
      storage.set('verifyFor', 'reset');
    },
  });

/** Sets the new password with the verified code; the reset is then over. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: resetPassword,
    onSuccess: () => storage.remove('verifyFor'),
  });
