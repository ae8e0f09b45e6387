import type {
  MessageResponse,
  ResetPasswordBody,
  VerifyCodeBody,
  VerifyCodeResponse,
} from '@skillwise/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST users/VerifyVerificationCode. Typed loosely: SPEC §8 handles an answer without `verified`. */
export const verifyCode = (body: VerifyCodeBody): Promise<Partial<VerifyCodeResponse> | null | undefined> =>
  apiRequest('users/VerifyVerificationCode', { method: 'POST', body });

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
