import { useActionData, useSearchParams } from 'react-router';

/** Where an action sends the browser once it is done: `path`, saying `what` it did (`DoneStatus`). */
export const donePath = (path: string, what: string) => `${path}?done=${encodeURIComponent(what)}`;

/**
 * What the page's last action did, from `?done=` (see `donePath`), in `messages`' words; announced.
 * Nothing when the page answers a post: a form posts to its page's address, `?done=` and all, so
 * the address of a refused form still says what the action before it did.
 */
export function DoneStatus({ messages }: { messages: Readonly<Record<string, string>> }) {
  const done = useSearchParams()[0].get('done');
  const answersPost = useActionData() !== undefined;
  const message = done !== null && Object.hasOwn(messages, done) ? messages[done] : undefined;
  if (!message || answersPost) return null;
  return (
    <p className="notice" role="status">
      {message}
    </p>
  );
}
