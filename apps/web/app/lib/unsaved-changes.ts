import { useCallback, useEffect, useRef, useState } from 'react';
import { type BlockerFunction, useActionData, useBlocker, useLoaderData } from 'react-router';

const LEAVE = 'What you typed since the last save is not saved. Leave the page and lose it?';

/** What the fields `names` of `form` hold, as one string to compare. */
function textOf(form: HTMLFormElement | null, names: readonly string[]): string {
  return JSON.stringify(
    names.map((name) => {
      const field = form?.elements.namedItem(name);
      return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
    }),
  );
}

/**
 * With JavaScript, warns before the page is left while the fields `names` of a form hold text
 * that no save took: the browser's own question when the document unloads (a reload, closing the
 * tab), a `confirm` when the app goes to another page (`useBlocker`; posting to this page is not
 * leaving it). A save is a post of the form after which the page's data loads again (its action
 * redirected); after a refused one (a 4xx answer: nothing loads again) the text is still unsaved.
 * Typing on while a save is on its way is unsaved too. Spread the answer on the form.
 */
export function useUnsavedChangesWarning(names: readonly string[]) {
  const loaded = useLoaderData();
  const refused = useActionData();
  const form = useRef<HTMLFormElement>(null);
  const saved = useRef<string | null>(null);
  const posted = useRef<string | null>(null);
  const leaving = useRef(false);
  const [unsaved, setUnsaved] = useState(false);

  const compare = useCallback(() => setUnsaved(textOf(form.current, names) !== saved.current), [names]);

  // The page's data loaded (first, or after a save): what was posted is saved now; refused, nothing is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each load of the page's data is the signal
  useEffect(() => {
    if (!refused) saved.current = posted.current ?? saved.current ?? textOf(form.current, names);
    posted.current = null;
    compare();
  }, [loaded, refused, compare, names]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => unsaved && nextLocation.pathname !== currentLocation.pathname,
    [unsaved],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE)) {
      // The next page may load as a document (a reader page): no second question then.
      leaving.current = true;
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!leaving.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return {
    ref: form,
    onChange: compare,
    onSubmit: () => {
      posted.current = textOf(form.current, names);
    },
  };
}
