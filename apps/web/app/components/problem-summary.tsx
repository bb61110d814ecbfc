import type { FormProblem } from '../lib/form-problem';

/** What the API said about the form as a whole, announced when it appears. */
export function ProblemSummary({ problem }: { problem: FormProblem | undefined }) {
  if (!problem || problem.summary.length === 0) return null;
  return (
    <div className="problem" role="alert">
      {problem.summary.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
