import { type RegisterBody, type RegisterOrgBody, type RegisterResponse, ROLE } from '@skillwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n/i18n';
import { storage } from '@/lib/storage';

export type StudentSignUp = { fullName: string; email: string; password: string };

/** POST users/register: a student account, inactive and unverified until the e-mailed code is entered. */
export const registerStudent = ({ fullName, email, password }: StudentSignUp): Promise<RegisterResponse> => {
  const body: RegisterBody = {
    email,
    password,
    role_id: ROLE.STUDENT,
    is_active: false,
    VerificationCode: '',
    Verified: false,
    fullName,
    language: currentLocale(),
  };
  return apiRequest('users/register', { method: 'POST', body });
};

export type OrganisationSignUp = {
  orgName: string;
  orgUrl: string;
  orgDescription: string;
  email: string;
  fullName: string;
  password: string;
};

/** POST organization/RegisterOrg: an organisation and its publisher account (role 1). */
export const registerOrganisation = (input: OrganisationSignUp): Promise<RegisterResponse> => {
  const body: RegisterOrgBody = {
    org_Name: input.orgName,
    org_Description: input.orgDescription,
    org_url: input.orgUrl,
    primary_email: input.email,
    password: input.password,
    role_id: ROLE.PUBLISHER,
    is_active: false,
    VerificationCode: '',
    Verified: false,
    fullName: input.fullName,
    language: currentLocale(),
  };
  return apiRequest('organization/RegisterOrg', { method: 'POST', body });
};

/** Signs a student up; the code screen that follows verifies the e-mail for login. */
export const useRegisterStudent = () =>
  useMutation({
    mutationFn: registerStudent,
    onSuccess: (_response, input) => {
      storage.set('userEmail', input.email);
      storage.set('verifyFor', 'login');
    },
  });

/** Registers an organisation and its publisher; the code screen that follows verifies the e-mail for login. */
export const useRegisterOrganisation = () =>
  useMutation({
    mutationFn: registerOrganisation,
    onSuccess: (_response, input) => {
      storage.set('userType', 'Publisher');
      storage.set('userEmail', input.email);
      storage.set('verifyFor', 'login');
    },
  });
