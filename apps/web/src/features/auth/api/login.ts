import { type LoginBody, type LoginResponse, MSG, type Organisation } from '@skillwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest, errorMessage, readerText } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { adoptProfileLanguage } from '@/lib/i18n/profile-language';
import { paths } from '@/lib/paths';
import { staffReturnPath, studentReturnPath, withNext } from '@/lib/return-to';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { getAdminDestination, getLoginStep, parseLoginResponse } from '../lib/login-outcome';

/** POST users/Login. Typed loosely: SPEC §4 handles an answer that carries no token. */
export const loginUser = (body: LoginBody): Promise<Partial<LoginResponse> | null | undefined> =>
  apiRequest('users/Login', { method: 'POST', body });

/** GET organization/getOrgById/{id}: tells whether the publisher's organisation is subscribed. */
export const getOrganisation = (orgId: number): Promise<Organisation> =>
  apiRequest(`organization/getOrgById/${orgId}`, { auth: true });

export type Credentials = {
  email: string;
  password: string;
  /** Where the visitor was going when asked to log in (a same-site path), if anywhere. */
  next?: string | null;
};

const storeSession = ({ token, user }: LoginResponse, email: string) => {
  storage.set('authToken', token);
  storage.set('userId', user.user_id);
  if (user.org_Id !== null) storage.set('orgId', user.org_Id);
  storage.set('userEmail', email);
  storage.set('currentUserRole', user.role_id);
  storage.remove('loginMessage');
};

/** Where a successful login leads; stores what SPEC §4 stores on the way. */
const signIn = async ({ email, password, next = null }: Credentials): Promise<string> => {
  const response = parseLoginResponse(await loginUser({ username: email, password }));
  if (!response) throw new ApiError(MSG.loginFailed, { status: 401, code: 'INVALID_CREDENTIALS' });

  storeSession(response, email);
  // The person's own language, when they chose one, from this login on (docs/decisions/044).
  await adoptProfileLanguage(response.user.language);
  notify.success(t('common.msg.loginSuccess'));

  const step = getLoginStep(response.user);
  if (step.type === 'verify') {
    // The server has e-mailed a fresh code with this answer (unless it sent one less than a minute ago).
    storage.set('verifyFor', 'login');
    return withNext(step.path, next);
  }
  // Back to where the visitor was going (a course they wanted to enrol in), when it fits the role.
  if (step.type === 'student') return studentReturnPath(next) ?? step.path;

  const organisation = step.orgId === null ? null : await getOrganisation(step.orgId);
  const destination = getAdminDestination(organisation);
  storage.set('subscriptionStatus', destination.subscriptionStatus);
  // An organisation without a plan chooses one first, wherever it was going.
  return destination.path === paths.admin.root
    ? (staffReturnPath(next) ?? destination.path)
    : destination.path;
};

/** The /login form's submit: sign in, then route by verification, role and subscription (SPEC §4). */
export const useLogin = () => {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (path) => {
      void navigate(path);
    },
    onError: (error, { email, next }) => {
      if (error instanceof ApiError && error.code === 'NOT_VERIFIED') {
        // An unverified account may be refused outright: send it to the code screen all the same.
        storage.set('userEmail', email);
        storage.set('verifyFor', 'login');
        notify.info(readerText(error.message));
        void navigate(withNext(paths.verifyCode, next));
        return;
      }
      if (error instanceof ApiError && error.status === 401) storage.set('loginMessage', MSG.loginFailed);
      notify.error(errorMessage(error, t('common.msg.loginFailed')), { toastId: 'login-error' });
    },
  });
};
