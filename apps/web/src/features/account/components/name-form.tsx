import { COUNTER_SHORT, MSG } from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ReadOnlyEmailField, TextField } from '@/components/ui/field';
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
    notify.success(MSG.profileUpdated);
    onSaved?.();
  });

  // A refusal that names the name is said beside it; only any other failure goes in the alert.
  const problem = form.problem ?? form.failureMessage('Your name could not be saved. Please try again.');

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        required
        counterMax={COUNTER_SHORT}
        {...form.field('fullName')}
      />
      <ReadOnlyEmailField
        value={email}
        hint="Your e-mail address is how you sign in; it cannot be changed."
      />
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={form.isSubmitting} loadingText="Saving...">
          Save
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
};
