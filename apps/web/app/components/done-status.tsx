import { useSearchParams } from 'react-router';

/** Where an action sends the browser once it is done: `path`, saying `what` it did (`DoneStatus`). */
export const donePath = (path: string, what: string) => `${path}?done=${encodeURIComponent(what)}`;

/** What the page's last action did, from `?done=` (see `donePath`), in `messages`' words; announced. */
export function DoneStatus({ messages }: { messages: Readonly<Record<string, string>> }) {
  const done = useSearchParams()[0].get('done');
  const message = done !== null && Object.hasOwn(messages, done) ? messages[done] : undefined;
  if (!message) return null;
  return (
    <p className="notice" role="status">
      {message}
    </p>
  );
}
