import { PHOTO_UPLOAD } from '@poetry/sdk';
import type { ReactNode } from 'react';
import type { FormProblem } from '../lib/form-problem';
import { publicFile } from '../lib/public-file';
import { MessageText } from './message-text';

/** The id of a form's control for the API's field `name`: its label's target and the summary's link. */
export const fieldId = (name: string) => `field-${name}`;

type LabelledProps = {
  name: string;
  label: string;
  problem: FormProblem | undefined;
  hint?: ReactNode;
};

/** What a field's control carries: its id, and the hint and message screen readers read with it. */
type ControlProps = {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** A control with its label, its hint, and the message about its problem, which screen readers read with it. */
function Labelled({
  name,
  label,
  problem,
  hint,
  control,
}: LabelledProps & { control: (props: ControlProps) => ReactNode }) {
  const id = fieldId(name);
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
      {control({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          <MessageText message={error} />
        </p>
      )}
    </div>
  );
}

type FieldProps = LabelledProps & {
  type?: 'text' | 'email' | 'password' | 'datetime-local';
  autoComplete: string;
  defaultValue?: string | undefined;
  required?: boolean;
};

/** A labelled one-line input. */
export function Field({
  type = 'text',
  autoComplete,
  defaultValue,
  required = true,
  ...labelled
}: FieldProps) {
  return (
    <Labelled
      {...labelled}
      control={(props) => (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          defaultValue={defaultValue}
          required={required}
        />
      )}
    />
  );
}

/** A labelled text area whose text keeps its white space (a poem's body, a bio, a description). */
export function TextAreaField({
  defaultValue,
  rows = 4,
  required = false,
  ...labelled
}: LabelledProps & { defaultValue?: string | undefined; rows?: number; required?: boolean }) {
  return (
    <Labelled
      {...labelled}
      control={(props) => <textarea {...props} defaultValue={defaultValue} rows={rows} required={required} />}
    />
  );
}

/** A labelled choice of one among `options`, each a value and the words that show it. */
export function SelectField({
  options,
  defaultValue,
  ...labelled
}: LabelledProps & {
  options: readonly { value: string; text: string }[];
  defaultValue?: string | undefined;
}) {
  return (
    <Labelled
      {...labelled}
      control={(props) => (
        <select {...props} defaultValue={defaultValue}>
          {options.map(({ value, text }) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * A labelled photo input that says the API's rules (formats, size) before anything is sent;
 * `required` where sending none would do nothing (a form of one photo). With JavaScript
 * (`public/photo-size.js`), a file over the API's size limit is refused on the page, unsent.
 */
export function PhotoField({
  required = false,
  ...labelled
}: Omit<LabelledProps, 'hint'> & { required?: boolean }) {
  return (
    <Labelled
      {...labelled}
      hint={PHOTO_UPLOAD.rules}
      control={(props) => (
        <>
          <input {...props} type="file" accept={PHOTO_UPLOAD.mediaTypes.join(',')} required={required} />
          <script
            src={publicFile('/photo-size.js')}
            data-field={props.id}
            data-max-bytes={PHOTO_UPLOAD.maxBytes}
            data-too-large={`This file is over the limit of ${PHOTO_UPLOAD.maxBytes / (1024 * 1024)} MB.`}
            defer
          />
        </>
      )}
    />
  );
}

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

/** The password the author has now, which the API asks for before an email or password change. */
export function CurrentPasswordField({ problem }: Pick<FieldProps, 'problem'>) {
  return (
    <Field
      name="current_password"
      label="Current password"
      type="password"
      autoComplete="current-password"
      problem={problem}
    />
  );
}

/** The account's email address, as every account form asks for it. */
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
