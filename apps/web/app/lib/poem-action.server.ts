import type { PoetryClient, UpdatePoemInput } from '@poetry/sdk';
import { type AppLoadContext, data, redirect } from 'react-router';
import { donePath } from '../components/done-status';
import { browserApi } from './api.server';
import type { FormFailure } from './form-problem';
import { asksForJson } from './json-answer.server';
import { studioPoemPath } from './paths';
import {
  isPoemIntent,
  POEM_INTENTS,
  POEM_WORDS,
  type PoemValues,
  PREVIEW_INTENT,
  poemText,
  typedPoem,
} from './poem-form';
import { refused } from './refused.server';
import { asAuthor } from './studio.server';
import { submittedForm } from './submitted-form.server';

/** Why a background save of a poem that is no draft saves nothing: what is saved there is read. */
const NOT_A_DRAFT = 'Only drafts save as you write: save a published or scheduled poem with its buttons.';

/**
 * The writing form's action, for one of my poems (`poemId`) or a new one (none: the first save
 * makes its draft). A saving button (`POEM_INTENTS`): the poem saved as typed with the button's
 * change, then its writing page saying so; asked for JSON (the page's script), `{ saved: <its
 * writing page's path> }` instead. Refused: the page again with what was typed and the API's
 * messages (as JSON, the same data). Preview: the page again with what was typed, shown as
 * readers will see it; nothing is saved.
 */
export async function poemAction(request: Request, context: AppLoadContext, poemId?: string) {
  const form = await submittedForm(request);
  const intent = form.get('intent');
  const values = typedPoem(form);
  if (intent === PREVIEW_INTENT) return { values, preview: true as const };
  if (!isPoemIntent(intent)) throw data(null, { status: 400 });
  const api = browserApi(request, context);
  const { client } = api;
  let id = poemId;
  try {
    const body = { ...poemText(values), ...POEM_INTENTS[intent].change(values) };
    if (id === undefined) {
      id = await firstSave(request, client, body);
    } else {
      const params = { poemId: id };
      if (intent === 'autosave' && !(await isDraft(request, client, id)))
        return notADraft(values, api.setCookies());
      await asAuthor(request, client.me.poems.update({ params, body }));
      if (intent === 'share') await asAuthor(request, client.me.poems.renewShareKey({ params }));
    }
  } catch (error) {
    return refused(error, { context, words: POEM_WORDS, values, headers: api.setCookies() });
  }
  const path = studioPoemPath(id);
  const headers = api.setCookies();
  return asksForJson(request)
    ? data({ saved: path }, { headers })
    : redirect(donePath(path, intent), { headers });
}

/**
 * A new poem's first save: a draft made and filled in with `body`, or, refused, none left behind
 * (the author's text is still in the form, and the next save makes the draft again).
 */
async function firstSave(request: Request, client: PoetryClient, body: UpdatePoemInput): Promise<string> {
  const { poem } = await asAuthor(request, client.me.poems.create({ body: {} }));
  const params = { poemId: poem.id };
  try {
    await client.me.poems.update({ params, body });
  } catch (error) {
    await client.me.poems.delete({ params });
    throw error;
  }
  return poem.id;
}

/** Whether one of my poems is a draft: neither published nor scheduled. */
async function isDraft(request: Request, client: PoetryClient, poemId: string): Promise<boolean> {
  const { poem } = await asAuthor(request, client.me.poems.get({ params: { poemId } }));
  return !poem.is_published && poem.publish_at === null;
}

/** The answer to a background save of a poem that is no draft (published or scheduled since the page was loaded). */
const notADraft = (values: PoemValues, headers: Headers) =>
  data<FormFailure<PoemValues>>(
    { problem: { summary: [{ text: NOT_A_DRAFT }], fields: {} }, values },
    { status: 409, headers },
  );
