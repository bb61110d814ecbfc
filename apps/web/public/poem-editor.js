// @ts-check
/**
 * The writing page's enhancements (`app/components/poem-editor.tsx`, whose form and elements these
 * are), each through the page's own form and action, as without JavaScript:
 * - the line and word count under the text follows it as it is typed (counted as `poemCount` in
 *   `app/lib/poem-form.ts` counts it on the server);
 * - a draft (`data-autosave`) saves itself once the author pauses, and when the page is hidden or
 *   left: the form, posted in the background with the intent `autosave`, asking for JSON. One save
 *   at a time, each once the one before is answered: a new poem's first save makes one draft,
 *   whose writing page this page then is (its address, the form's action), and no older text
 *   lands after newer. A button's post waits for a save under way. The status beside the buttons
 *   says "Saving…", "Saved 10:42" or "Not saved: <why>"; a failed save leaves the text as it is,
 *   and the next pause tries again. What a save took is told to `unsaved-changes.js`, which
 *   warns before leaving text no save took (the form's `saved` event, the body it posted);
 * - Preview shows the poem in place, as the action renders it, and then follows the text at each
 *   pause.
 */
(() => {
  const form = document.getElementById('poem');
  const text = form instanceof HTMLFormElement ? form.elements.namedItem('body') : null;
  const count = document.getElementById('poem-count');
  const status = document.getElementById('poem-save-status');
  const preview = document.getElementById('poem-preview');
  if (!(form instanceof HTMLFormElement) || !(text instanceof HTMLTextAreaElement)) return;
  if (!count || !status || !preview) return;

  /** How long the author pauses before a draft saves and an open preview follows. */
  const PAUSE_MS = 2000;
  /** The most a post sent with `keepalive`, which outlives the page, may carry (browsers: 64 KB in all). */
  const KEEPALIVE_MAX = 60 * 1024;
  const WORD = /\S+/g;

  const showCount = () => {
    const lines = text.value.split('\n').filter((line) => line.trim() !== '').length;
    const words = text.value.match(WORD)?.length ?? 0;
    count.textContent = `${lines} ${lines === 1 ? 'line' : 'lines'}, ${words} ${words === 1 ? 'word' : 'words'}`;
  };

  /** Says `message` in the status; `failed`: that nothing was saved, in the form's colour for errors. */
  const say = (/** @type {string} */ message, failed = false) => {
    status.textContent = message;
    status.classList.toggle('save-failed', failed);
  };

  /** The fields that hold the poem (`unsaved-changes.js` watches the same). */
  const names = (form.dataset.unsavedGuard ?? '').split(' ');
  /** The poem's text in a form body (the form's, or a save's), to compare. */
  const textOf = (/** @type {FormData | URLSearchParams} */ data) =>
    JSON.stringify(names.map((name) => data.get(name)));
  const formText = () => textOf(new FormData(form));

  /** The form's fields and `intent`, as a form body. */
  const body = (/** @type {string} */ intent) => {
    const data = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') data.append(name, value);
    data.set('intent', intent);
    return data;
  };

  const autosave = form.hasAttribute('data-autosave');
  /** The text the last save took; null when no save took the text the page was loaded with. */
  let savedText = form.hasAttribute('data-unsaved') ? null : formText();
  let saving = false;
  let saves = Promise.resolve();
  let pause = 0;
  /** Whether the form was posted (a button), which takes the text with it: leaving then saves nothing more. */
  let posted = false;

  /** Why the action did not save, in the page's words: the message beside a field, or the form's. */
  const whyNot = async (/** @type {Response} */ response) => {
    if (response.type === 'opaqueredirect')
      return 'you are logged out. Log in on another tab, then write on.';
    const answer = await response.json().catch(() => null);
    // Each message is a whole sentence (`{ text }`), the field's own first.
    const [message] = Object.values(answer?.problem?.fields ?? {});
    if (message) return message.text;
    if (response.status === 404) return 'this poem is gone.';
    return answer?.problem?.summary?.[0]?.text ?? answer?.detail ?? `the server answered ${response.status}.`;
  };

  const saveNow = async () => {
    if (formText() === savedText) return;
    const data = body('autosave');
    saving = true;
    say('Saving…');
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: data,
        redirect: 'manual',
        keepalive: data.toString().length <= KEEPALIVE_MAX,
      });
      if (!response.ok) return say(`Not saved: ${await whyNot(response)}`, true);
      const { saved } = await response.json();
      savedText = textOf(data);
      form.dispatchEvent(new CustomEvent('saved', { detail: data }));
      if (saved !== location.pathname) {
        history.replaceState(null, '', saved);
        form.action = saved;
      }
      say(`Saved ${new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`);
    } catch {
      say('Not saved: the connection failed. Your text is still here; it saves at your next pause.', true);
    } finally {
      saving = false;
    }
  };

  const save = () => {
    clearTimeout(pause);
    saves = saves.then(saveNow);
    return saves;
  };

  let previews = 0;
  /** The preview, rendered by the action as for Preview without JavaScript; `asked`: by the button. */
  const showPreview = async (/** @type {boolean} */ asked) => {
    const ask = ++previews;
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        body: body('preview'),
        redirect: 'manual',
      });
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const shown = page.getElementById(preview.id);
      if (!response.ok || !shown) throw new Error(`preview answered ${response.status}`);
      if (ask !== previews) return;
      preview.replaceChildren(...shown.childNodes);
      if (asked) preview.scrollIntoView({ block: 'start' });
    } catch {
      if (asked) say('The preview could not be shown: try again.', true);
    }
  };

  const paused = () => {
    if (autosave) void save();
    else if (formText() !== savedText)
      say('Not saved yet: a published or scheduled poem saves with its buttons.');
    else say('');
    if (preview.childElementCount > 0) void showPreview(false);
  };

  form.addEventListener('input', (event) => {
    posted = false;
    if (event.target === text) showCount();
    clearTimeout(pause);
    pause = window.setTimeout(paused, PAUSE_MS);
  });

  form.addEventListener('submit', (event) => {
    if (event.submitter instanceof HTMLButtonElement && event.submitter.value === 'preview') {
      event.preventDefault();
      void showPreview(true);
      return;
    }
    clearTimeout(pause);
    if (saving) {
      // Posted once the save under way is answered: it may make the draft this post is then for.
      event.preventDefault();
      const { submitter } = event;
      void saves.then(() => form.requestSubmit(submitter));
    } else {
      posted = true;
    }
  });

  if (autosave) {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden' && !posted) void save();
    });
    window.addEventListener('online', () => void save());
  }
})();
