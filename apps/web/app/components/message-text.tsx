import { Link } from 'react-router';
import type { Message } from '../lib/form-problem';

/** A message's next step: its words, and its links to where the step is taken. */
export function NextStep({ message }: { message: Message }) {
  if (!message.next) return null;
  return (
    <>
      {' '}
      {message.next.map((part) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Link key={part.to} to={part.to}>
            {part.text}
          </Link>
        ),
      )}
    </>
  );
}

/** A message as a field shows it: the sentence, then the next step. */
export function MessageText({ message }: { message: Message }) {
  return (
    <>
      {message.text}
      <NextStep message={message} />
    </>
  );
}
