import { COUNTER_SHORT } from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ReadOnlyEmailField, TextField } from '@/components/ui/field';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useChangeMyName } from '../api/account';
import { nameProblem } from '../lib/account-forms';

type NameFormProps = {
  email: string;
  fullName: string;
  /** After the name is saved (a dialog closes). */
  onSaved?: () => void;
  /** Shows a Cancel button beside Save. */
  onCancel?: () => void;
};

/** Edit Profile: the full name (sign-up's rules), the e-mail shown read-only; 'Profile updated successfully!'. */
export const NameForm = ({ email, fullName: initialName, onSaved, onCancel }: NameFormProps) => {
  const t = useT();
  const change = useChangeMyName();
  const form = useForm({
    initial: { fullName: initialName },
    validate: ({ fullName }) => {
      const problem = nameProblem(fullName);
      return problem ? { problem, fields: { fullName: true } } : {};
    },
    serverFields: { fullName: 'fullName' },
  });

  const onSubmit = form.handleSubmit(async ({ fullName }) => {
    await change.mutateAsync({ email, fullName: fullName.trim() });
    notify.success(t('common.msg.profileUpdated'));
    onSaved?.();
  });

  // A refusal that names the name is said beside it; only any other failure goes in the alert.
  const problem = form.problem ?? form.failureMessage(t('learning.account.name.saveError'));

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('learning.account.name.label')}
        name="fullName"
        autoComplete="name"
        required
        counterMax={COUNTER_SHORT}
        {...form.field('fullName')}
      />
      <ReadOnlyEmailField value={email} hint={t('learning.account.emailHint')} />
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={form.isSubmitting} loadingText={t('learning.account.saving')}>
          {t('learning.account.save')}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('learning.account.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
};
