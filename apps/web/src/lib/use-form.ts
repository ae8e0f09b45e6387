import { type FormEvent, useRef, useState } from 'react';
import { errorMessage, fieldErrorFor } from './api-client';

/** The keys of a form's values that hold text, the ones a text input, textarea or select edits. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * What a check found: `problem` is said once for the whole form (an alert, e.g. 'All fields are
 * required.'); `fields` marks each field it concerns, with a message of its own to show beside it or
 * `true` when the problem already says it (the field is only marked invalid).
 */
export type FormErrors<V> = {
  problem?: string | null | undefined;
  fields?: Partial<Record<keyof V & string, string | true | undefined>>;
};

/** A form's own rules: what is wrong with these values (nothing: `{}` or null). May load what it needs. */
export type Validate<V> = (values: V) => FormErrors<V> | null | Promise<FormErrors<V> | null>;

export type UseFormOptions<V> = {
  initial: V | (() => V);
  validate?: Validate<V>;
  /**
   * The server's name of each field whose 400 details are shown beside it (`{ firstName:
   * 'Object.first_name' }`); a failure that names one of them is told there, not in the form's alert.
   */
  serverFields?: Partial<Record<keyof V & string, string>>;
  /** How a server's word on a field reads beside it (default: as the server said it). */
  serverFieldMessage?: (key: keyof V & string, message: string) => string;
  /** Called when a submit stops at the form's own rules (a form that says so elsewhere than its alert). */
  onInvalid?: (errors: FormErrors<V>) => void;
};

const hasErrors = (errors: FormErrors<unknown>): boolean =>
  Boolean(errors.problem) || Object.values(errors.fields ?? {}).some(Boolean);

/** Keeps only what was already shown: fixing a field clears its error, a new error waits for blur or submit. */
const stillShown = <V>(shown: FormErrors<V>, found: FormErrors<V>): FormErrors<V> => {
  const fields: FormErrors<V>['fields'] = {};
  for (const [key, value] of Object.entries(found.fields ?? {}) as Array<[keyof V & string, string | true]>) {
    if (shown.fields?.[key]) fields[key] = value;
  }
  return { problem: shown.problem ? found.problem : undefined, fields };
};

/**
 * The one way the web app's forms work: the values, the form's own check on submit (then again on
 * each blur and, to clear what was fixed, on each change), the failed call's field errors merged in
 * beside their fields, and whether a submit is under way.
 *
 *   const form = useForm({ initial: { name: '' }, validate, serverFields: { name: 'category_name' } });
 *   <form onSubmit={form.handleSubmit((values) => create.mutateAsync(values))}>
 *     <TextField label="Category Name" {...form.field('name')} />
 */
export const useForm = <V extends Record<string, unknown>>({
  initial,
  validate,
  serverFields,
  serverFieldMessage = (_key, message) => message,
  onInvalid,
}: UseFormOptions<V>) => {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof V & string, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [failureIsAtFields, setFailureIsAtFields] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);
  // The values as last set, for checks that run before React renders them (blur right after a change).
  const latest = useRef(values);
  const shownErrors = useRef(errors);
  // Only the newest check may write its answer: a slow one (loading a rule) must not overwrite it.
  const checkRun = useRef(0);

  const showErrors = (next: FormErrors<V>) => {
    shownErrors.current = next;
    setErrors(next);
  };

  /** Runs the form's rules; a check without anything to load answers at once, so its errors show at once. */
  const check = (mode: 'submit' | 'blur' | 'change'): FormErrors<V> | Promise<FormErrors<V>> => {
    const run = ++checkRun.current;
    const show = (found: FormErrors<V> | null): FormErrors<V> => {
      const errors = found ?? {};
      if (run === checkRun.current) {
        showErrors(mode === 'change' ? stillShown(shownErrors.current, errors) : errors);
      }
      return errors;
    };
    const result = validate ? validate(latest.current) : {};
    return result instanceof Promise ? result.then(show) : show(result);
  };

  const recheck = (mode: 'blur' | 'change') => {
    if (isSubmitted && validate) void check(mode);
  };

  /** Sets one value; after the first submit, what it fixed stops being shown. */
  const setValue = <K extends keyof V & string>(key: K, value: V[K]) => {
    latest.current = { ...latest.current, [key]: value };
    setValues(latest.current);
    setServerErrors((current) => (current[key] === undefined ? current : { ...current, [key]: undefined }));
    recheck('change');
  };

  /** The message to show beside a field: the form's own, else the failed call's. */
  const error = (key: keyof V & string): string | undefined => {
    const own = errors.fields?.[key];
    return typeof own === 'string' ? own : serverErrors[key];
  };

  const isInvalid = (key: keyof V & string): true | undefined =>
    errors.fields?.[key] || serverErrors[key] ? true : undefined;

  /** Props for a TextField, TextAreaField or SelectField editing one text value. */
  const field = <K extends TextKey<V>>(key: K) => ({
    value: values[key] as string,
    onChange: (input: string | { target: { value: string } }) =>
      setValue(key, (typeof input === 'string' ? input : input.target.value) as V[K]),
    onBlur: () => recheck('blur'),
    error: error(key),
    'aria-invalid': isInvalid(key),
  });

  const submit = async (onValid: (values: V) => unknown): Promise<void> => {
    setSubmitted(true);
    setSubmitting(true);
    setFailure(null);
    setServerErrors({});
    try {
      const checked = check('submit');
      const found = checked instanceof Promise ? await checked : checked;
      if (hasErrors(found)) {
        onInvalid?.(found);
        return;
      }
      await onValid(latest.current);
    } catch (caught) {
      const named: Partial<Record<keyof V & string, string>> = {};
      for (const [key, serverName] of Object.entries(serverFields ?? {}) as Array<
        [keyof V & string, string]
      >) {
        const message = fieldErrorFor(caught, serverName);
        if (message !== undefined) named[key] = serverFieldMessage(key, message);
      }
      setServerErrors(named);
      setFailureIsAtFields(Object.keys(named).length > 0);
      setFailure(caught);
    } finally {
      setSubmitting(false);
    }
  };

  /** The form's submit: checks, then runs `onValid`; a call that fails there is kept as `failure`. */
  const handleSubmit = (onValid: (values: V) => unknown) => (event?: FormEvent) => {
    event?.preventDefault();
    void submit(onValid);
  };

  /** Back to `next` (or the first values), with nothing shown: after a success that keeps the form open. */
  const reset = (next?: V) => {
    checkRun.current += 1;
    latest.current = next ?? (typeof initial === 'function' ? (initial as () => V)() : initial);
    setValues(latest.current);
    showErrors({});
    setServerErrors({});
    setFailure(null);
    setSubmitted(false);
  };

  return {
    values,
    setValue,
    field,
    error,
    isInvalid,
    /** The form-wide message of the last check (shown in the form's alert). */
    problem: errors.problem ?? undefined,
    /** Says something now without a check (a file refused as soon as it is chosen). */
    setProblem: (problem: string | null) => showErrors({ ...shownErrors.current, problem }),
    /** The last submit's failed call, if it failed. */
    failure,
    /**
     * The failed call's message for the form's alert, or undefined when nothing failed or the failure
     * is already told beside the fields it names (so it is not said twice).
     */
    failureMessage: (fallback: string): string | undefined =>
      failure === null || failureIsAtFields ? undefined : errorMessage(failure, fallback),
    isSubmitting,
    isSubmitted,
    handleSubmit,
    reset,
  };
};
