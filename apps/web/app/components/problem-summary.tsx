import type { FormProblem } from '../lib/form-problem';
import { fieldId } from './field';
import { MessageText, NextStep } from './message-text';

/**
 * A refused form's problems, at the top of its page (the GOV.UK error summary): what is about no
 * field, then each field's problem as a link to the field, in the form's order. It takes the focus
 * as the page loads (`autofocus`, which needs no script), so that it is what is read first, and
 * its `role="alert"` has it announced.
 */
export function ProblemSummary({ problem }: { problem: FormProblem | undefined }) {
  if (!problem) return null;
  return (
    // biome-ignore lint/a11y/noAutofocus: the summary of a refused form is where the author goes next; it is only there once they have sent the form.
    <div className="problem-summary" tabIndex={-1} autoFocus>
      <div role="alert">
        <h2>There is a problem</h2>
        <ul>
          {problem.summary.map((message) => (
            <li key={message.text}>
              <MessageText message={message} />
            </li>
          ))}
          {Object.entries(problem.fields).map(([name, message]) => (
            <li key={name}>
              <a href={`#${fieldId(name)}`} className="to-field">
                {message.text}
              </a>
              <NextStep message={message} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
