import { COUNTER_SHORT, MSG } from '@skillwise/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, fieldErrorFor } from '@/lib/api-client';
import { notify } from '@/lib/toast';
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
  const [fullName, setFullName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = nameProblem(fullName);
    setProblem(found);
    if (found) return;
    try {
      await change.mutateAsync({ email, fullName: fullName.trim() });
      notify.success(MSG.profileUpdated);
      onSaved?.();
    } catch (error) {
      setProblem(errorMessage(error, 'Your name could not be saved. Please try again.'));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        required
        counterMax={COUNTER_SHORT}
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        error={fieldErrorFor(change.error, 'fullName')}
      />
      <Field label="Email" hint="Your e-mail address is how you sign in; it cannot be changed.">
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            value={email}
            readOnly
            className="bg-slate-50 text-slate-600 focus:ring-0"
          />
        )}
      </Field>
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={change.isPending} loadingText="Saving...">
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
