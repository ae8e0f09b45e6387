import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from '@/components/ui/field';
import { ApiError } from './api-client';
import { type FormErrors, useForm } from './use-form';

type Values = { name: string; email: string };

const validate = ({ name, email }: Values): FormErrors<Values> => {
  if (name.trim() === '' || email.trim() === '') {
    return {
      problem: 'All fields are required.',
      fields: { name: name.trim() === '' || undefined, email: email.trim() === '' || undefined },
    };
  }
  return email.includes('@') ? {} : { fields: { email: 'Please enter a valid e-mail address.' } };
};

const Harness = ({ onValid }: { onValid: (values: Values) => Promise<unknown> }) => {
  const form = useForm({
    initial: { name: '', email: '' },
    validate,
    serverFields: { name: 'Object.name', email: 'Object.email' },
  });
  const failed = form.failureMessage('It could not be saved.');
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <TextField label="Name" {...form.field('name')} />
      <TextField label="Email" {...form.field('email')} />
      {form.problem ? <p role="alert">{form.problem}</p> : null}
      {failed ? <p role="alert">{failed}</p> : null}
      <button type="submit">{form.isSubmitting ? 'Saving...' : 'Save'}</button>
    </form>
  );
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const invalid = (label: string) => screen.getByLabelText(label).getAttribute('aria-invalid');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('useForm', () => {
  it('checks on submit, says the problem once and marks the fields it concerns, sending nothing', () => {
    const onValid = vi.fn(async () => undefined);
    render(<Harness onValid={onValid} />);
    // Nothing is said before the first submit, even on blur.
    fireEvent.blur(screen.getByLabelText('Name'));
    expect(screen.queryByRole('alert')).toBeNull();

    save();
    expect(screen.getByRole('alert').textContent).toBe('All fields are required.');
    expect(invalid('Name')).toBe('true');
    expect(invalid('Email')).toBe('true');
    // A marked field does not repeat the problem beside it.
    expect(screen.getAllByText('All fields are required.')).toHaveLength(1);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a submit, clears what is fixed as it is typed and says a new error on blur', () => {
    render(<Harness onValid={async () => undefined} />);
    type('Email', 'ada');
    save();
    expect(screen.getByRole('alert').textContent).toBe('All fields are required.');
    expect(invalid('Name')).toBe('true');
    expect(invalid('Email')).toBeNull();

    type('Name', 'Ada');
    // Every field is filled in: the problem goes; the e-mail's own error waits for its blur.
    expect(invalid('Name')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull();
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(invalid('Email')).toBe('true');

    // A field already said to be wrong says its current error as it is typed, until it is right.
    type('Email', 'ada.example');
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    type('Email', 'ada@example.com');
    expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull();
  });

  it('sends the values, and is submitting until the call answers', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const onValid = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    render(<Harness onValid={onValid} />);
    type('Name', 'Ada');
    type('Email', 'ada@example.com');
    save();
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' });
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    answer(undefined);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal that names a field beside it only, and forgets it once the field is edited', async () => {
    const refusal = new ApiError('email: is already registered', {
      status: 409,
      code: 'EMAIL_TAKEN',
      details: [{ field: 'Object.email', message: 'is already registered' }],
    });
    render(<Harness onValid={() => Promise.reject(refusal)} />);
    type('Name', 'Ada');
    type('Email', 'ada@example.com');
    save();
    expect(await screen.findByText('is already registered')).toBeTruthy();
    expect(invalid('Email')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    type('Email', 'ada@example.org');
    expect(screen.queryByText('is already registered')).toBeNull();
    expect(invalid('Email')).toBeNull();
  });

  it('says any other failure in the form’s alert, in the server’s words or its own', async () => {
    const limit = new ApiError('Your plan allows 15 published courses.', { status: 403, code: 'PLAN_LIMIT' });
    const onValid = vi.fn().mockRejectedValueOnce(limit).mockRejectedValueOnce(new Error('offline'));
    render(<Harness onValid={onValid} />);
    type('Name', 'Ada');
    type('Email', 'ada@example.com');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Your plan allows 15 published courses.');
    save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('It could not be saved.'));
  });

  it('lets an asynchronous check finish before sending, and uses only the newest answer', async () => {
    const onValid = vi.fn(async () => undefined);
    const Slow = () => {
      const form = useForm({
        initial: { code: '' },
        validate: async ({ code }) => {
          await new Promise((resolve) => setTimeout(resolve, code === 'slow' ? 30 : 0));
          return code.length === 4 ? {} : { problem: 'Four characters, please.' };
        },
      });
      return (
        <form onSubmit={form.handleSubmit(onValid)}>
          <TextField label="Code" {...form.field('code')} />
          {form.problem ? <p role="alert">{form.problem}</p> : null}
          <button type="submit">Go</button>
        </form>
      );
    };
    render(<Slow />);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'slow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ code: 'slow' }));

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Four characters, please.');
    expect(onValid).toHaveBeenCalledTimes(1);
  });
});
