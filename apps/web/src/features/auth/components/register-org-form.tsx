import { COUNTER_LONG, PASSWORD_MIN } from '@skillwise/contracts';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { formatCount } from '@/lib/format';
import { t as translate } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { type FormErrors, useForm } from '@/lib/use-form';
import { type OrganisationSignUp, useRegisterOrganisation } from '../api/register';
import { EmailAddressField, FullNameField, NewPasswordFields } from './account-fields';

type OrgForm = OrganisationSignUp & { confirmPassword: string };

const EMPTY: OrgForm = {
  orgName: '',
  orgUrl: '',
  orgDescription: '',
  email: '',
  fullName: '',
  password: '',
  confirmPassword: '',
};

const REQUIRED = ['orgName', 'orgUrl', 'email', 'fullName', 'password', 'confirmPassword'] as const;

/**
 * DESIGN decision 1: every field but the description is required, and the passwords must match; the
 * password's length is checked here too, before the server would refuse it.
 */
export const validateOrgForm = (form: OrgForm): FormErrors<OrgForm> => {
  const missing = REQUIRED.filter((field) => form[field].trim() === '');
  if (missing.length > 0) {
    return {
      problem: translate('common.msg.allFieldsRequired'),
      fields: Object.fromEntries(missing.map((field) => [field, true])),
    };
  }
  if (form.password !== form.confirmPassword) {
    return { problem: translate('common.msg.passwordsMismatch'), fields: { confirmPassword: true } };
  }
  if (form.password.length < PASSWORD_MIN) {
    return {
      problem: translate('auth.auth.registerOrg.passwordTooShort', { min: formatCount(PASSWORD_MIN) }),
      fields: { password: true },
    };
  }
  return {};
};

/** SPEC §2.9: an organisation and its publisher account, then code verification for login. */
export const RegisterOrgForm = () => {
  const t = useT();
  const navigate = useNavigate();
  const register = useRegisterOrganisation();
  const form = useForm({
    initial: EMPTY,
    validate: validateOrgForm,
    serverFields: {
      orgName: 'org_Name',
      orgUrl: 'org_url',
      orgDescription: 'org_Description',
      email: 'primary_email',
      fullName: 'fullName',
      password: 'password',
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    await register.mutateAsync({
      orgName: values.orgName.trim(),
      orgUrl: values.orgUrl.trim(),
      orgDescription: values.orgDescription.trim(),
      email: values.email.trim(),
      fullName: values.fullName.trim(),
      password: values.password,
    });
    notify.success(t('common.msg.registrationSuccess'));
    void navigate(paths.verifyCode);
  });

  const failed = form.failureMessage(t('common.msg.registrationFailed'));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('auth.auth.registerOrg.name')}
          name="org_Name"
          autoComplete="organization"
          placeholder={t('auth.auth.registerOrg.namePlaceholder')}
          required
          {...form.field('orgName')}
        />
        <TextField
          label={t('auth.auth.registerOrg.url')}
          type="url"
          name="org_url"
          autoComplete="url"
          placeholder={t('auth.auth.registerOrg.urlPlaceholder')}
          required
          {...form.field('orgUrl')}
        />
      </div>
      <TextAreaField
        label={t('auth.auth.registerOrg.description')}
        labelNote={t('auth.auth.registerOrg.optional')}
        name="org_Description"
        rows={3}
        maxLength={COUNTER_LONG}
        placeholder={t('auth.auth.registerOrg.descriptionPlaceholder')}
        {...form.field('orgDescription')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <EmailAddressField name="primary_email" withPlaceholder {...form.field('email')} />
        <FullNameField {...form.field('fullName')} />
        <NewPasswordFields
          password={form.field('password')}
          confirmPassword={form.field('confirmPassword')}
        />
      </div>
      {form.problem ? <Alert>{form.problem}</Alert> : null}
      {failed ? <Alert>{failed}</Alert> : null}
      <SubmitButton form={form} size="lg" fullWidth loadingText={t('auth.auth.registerOrg.registering')}>
        {t('auth.auth.registerOrg.submit')}
      </SubmitButton>
      <p className="text-center text-sm text-slate-600">
        <T
          id="auth.auth.registerOrg.haveAccount"
          components={{
            0: <Link to={paths.login} className="font-semibold text-brand-600 hover:underline" />,
          }}
        />
      </p>
    </form>
  );
};
