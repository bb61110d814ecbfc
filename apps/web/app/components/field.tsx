import type { FormProblem } from '../lib/form-problem';

type FieldProps = {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  problem: FormProblem | undefined;
  defaultValue?: string | undefined;
  hint?: string;
};

/** A labelled input with the API's message about it, which screen readers read with the input. */
export function Field({ name, label, type = 'text', autoComplete, problem, defaultValue, hint }: FieldProps) {
  const id = `field-${name}`;
  const error = problem?.fields[name];
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The account's email address, as every account form asks for it. */
/** A password being chosen, with the rules the API holds it to. */
export function NewPasswordField({ name, label, problem }: Pick<FieldProps, 'name' | 'label' | 'problem'>) {
  return (
    <Field
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      problem={problem}
      hint="At least 8 characters; not your email address, nor a common password."
    />
  );
}

export function EmailField({ problem, defaultValue }: Pick<FieldProps, 'problem' | 'defaultValue'>) {
  return (
    <Field
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      problem={problem}
      defaultValue={defaultValue}
    />
  );
}
