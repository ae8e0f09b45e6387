import type {
  ChangeMyPasswordBody,
  MessageResponse,
  MyPasswordCodeResponse,
  MyProfile,
} from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adoptProfileLanguage } from '@/lib/i18n/profile-language';

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

/**
 * GET users/GetMyProfile: the signed-in account (whose, the token decides) with its course counts. Its
 * language, when it has one, becomes the app's.
 */
export const getMyProfile = async (signal?: AbortSignal): Promise<MyProfile> => {
  const profile = await apiRequest<MyProfile>('users/GetMyProfile', { auth: true, signal });
  void adoptProfileLanguage(profile.language);
  return profile;
};

export const useMyProfile = () =>
  useQuery({ queryKey: accountKeys.me(), queryFn: ({ signal }) => getMyProfile(signal) });

/** PUT users/changeUserProfile for the account itself: a new full name only (SPEC §7's fields). */
export const changeMyName = ({
  email,
  fullName,
}: {
  email: string;
  fullName: string;
}): Promise<MessageResponse> =>
  apiRequest('users/changeUserProfile', {
    method: 'PUT',
    auth: true,
    body: { email, fullName, is_active: true, VerificationCode: '', Verified: true, pwresetRequest: false },
  });

/** Saves the name; the profile, the header's name and the menu read it again. */
export const useChangeMyName = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMyName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
};

/** POST users/RequestMyPasswordCode: mails the account a 6-digit code for ChangeMyPassword. */
export const requestMyPasswordCode = (): Promise<MyPasswordCodeResponse> =>
  apiRequest('users/RequestMyPasswordCode', { method: 'POST', auth: true });

export const useRequestMyPasswordCode = () => useMutation({ mutationFn: requestMyPasswordCode });

/**
 * PUT users/ChangeMyPassword: the new password with the current one or a mailed code. A wrong current
 * password is a 400 (WRONG_PASSWORD), never a 401, so it does not end this session.
 */
export const changeMyPassword = (body: ChangeMyPasswordBody): Promise<MessageResponse> =>
  apiRequest('users/ChangeMyPassword', { method: 'PUT', auth: true, body });

export const useChangeMyPassword = () => useMutation({ mutationFn: changeMyPassword });
