import type { Poem, PoetryClient } from '@poetry/sdk';
import { data, Form, Link, redirect } from 'react-router';
import { ADD_POEM, AddToCollection } from '../../components/add-to-collection';
import { CollectionFields } from '../../components/collection-fields';
import { DoneStatus, donePath } from '../../components/done-status';
import { PhotoField } from '../../components/field';
import { IntentButton } from '../../components/intent-button';
import { Pager } from '../../components/pager';
import { ProblemSummary } from '../../components/problem-summary';
import { browserApi } from '../../lib/api.server';
import {
  COLLECTION_LABELS,
  collectionBody,
  collectionValues,
  typedCollection,
} from '../../lib/collection-form';
import type { ListedPoem } from '../../lib/listed-poem';
import { listedPage } from '../../lib/listed-poem';
import { pageMeta } from '../../lib/meta';
import {
  collectionPath,
  cursorOf,
  poemPath,
  studioCollectionPath,
  studioCollectionPoemRemovePath,
  studioPoemPath,
} from '../../lib/paths';
import { refused } from '../../lib/refused.server';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { asAuthor } from '../../lib/studio.server';
import { submittedForm } from '../../lib/submitted-form.server';
import type { Route } from './+types/collection';

const PAGE_SIZE = 20;
/** The most of my poems the "Add one of my poems" select offers: the recently updated ones. */
const MY_POEMS_OFFERED = 100;

/** The page's fields: the collection's, and its image file. */
const LABELS = { ...COLLECTION_LABELS, image: 'New image' } as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, `Edit ${args.data?.collection.title || 'a collection'}`, 'Its details, image and poems.', {
    noindex: true,
  });

/**
 * `/studio/collection/<id>`: one of my collections, a page of its poems as its owner sees them
 * (hidden ones too), and my poems to add. Another author's collection is 404: only its owner
 * may list its poems so.
 */
export async function loader({ request, params: { collectionId }, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const [{ collection }, poems, myPoems] = await asAuthor(
    request,
    Promise.all([
      client.collection.get({ params: { collectionId } }),
      client.me.collections.poems.list({
        params: { collectionId },
        query: { limit: PAGE_SIZE, cursor: cursorOf(request) },
      }),
      client.me.poems.list({ query: { limit: MY_POEMS_OFFERED } }),
    ]),
  );
  // The select names my poems: their ids and titles are all the page needs of them.
  const offered = myPoems.poems.map(({ id, title }) => ({ id, title }));
  return data({ collection, poems: listedPage(poems), myPoems: offered });
}

/** What the page's forms did, said on it once they send the browser back (`donePath`). */
const DONE = {
  save: 'The details are saved.',
  image: 'The image is set.',
  [ADD_POEM]: 'The poem is added.',
  // By the page that asks first (`collection-poem-remove.tsx`).
  removed: 'The poem is removed from the collection.',
} as const;

/** The SDK call each of the page's forms makes, by its `intent`; the details and the image have fields. */
function intentCalls(client: PoetryClient, collectionId: string, form: FormData) {
  const { collections } = client.me;
  const params = { collectionId };
  const membership = { params: { collectionId, poemId: String(form.get('item')) } };
  return {
    save: () => collections.update({ params, body: collectionBody(typedCollection(form)) }),
    image: () => collections.update({ params, body: { image: imageOf(form) } }),
    'remove-image': () => collections.removeImage({ params }),
    hide: () => collections.poems.add({ ...membership, body: { is_hidden: true } }),
    show: () => collections.poems.add({ ...membership, body: { is_hidden: false } }),
  };
}

/** The posted image file (the field is required: the browser sends none empty). */
function imageOf(form: FormData): File | undefined {
  const image = form.get('image');
  return image instanceof File ? image : undefined;
}

export async function action({ request, params: { collectionId }, context }: Route.ActionArgs) {
  const form = await submittedForm(request);
  const api = browserApi(request, context);
  const calls = intentCalls(api.client, collectionId, form);
  const intent = String(form.get('intent'));
  if (!Object.hasOwn(calls, intent)) throw data(null, { status: 400 });
  try {
    await asAuthor(request, calls[intent as keyof typeof calls]());
  } catch (error) {
    return refused(error, {
      context,
      words: { labels: LABELS },
      values: intent === 'save' ? typedCollection(form) : {},
      headers: api.setCookies(),
    });
  }
  // Back to the page as it was (its page of poems), saying what was done if the page itself does not show it.
  const back = new URL(request.url);
  back.searchParams.delete('done');
  const to = Object.hasOwn(DONE, intent) ? donePath(back.pathname, intent) : back.pathname + back.search;
  return redirect(safeRedirectPath(to), { headers: api.setCookies() });
}

/**
 * A poem in the collection as its owner sees it: where it leads, whose it is (when not theirs),
 * whether readers see it; removing it asks first, on a page of its own.
 */
function Membership({
  collection,
  poem,
}: {
  collection: { id: string; ownerId: string };
  poem: ListedPoem<Poem>;
}) {
  const state = [
    poem.author.id !== collection.ownerId && `by ${poem.author.fullname}`,
    !poem.is_published && 'Draft',
    poem.is_hidden && 'Hidden from readers',
  ].filter(Boolean);
  return (
    <li>
      <Link to={poem.is_published ? poemPath(poem.id) : studioPoemPath(poem.id)} className="poem-title">
        {poem.title || 'Untitled'}
      </Link>
      {state.length > 0 && <p className="state">{state.join(' · ')}</p>}
      <div className="membership-actions">
        <IntentButton
          intent={poem.is_hidden ? 'show' : 'hide'}
          item={poem.id}
          label={poem.is_hidden ? 'Show' : 'Hide'}
        />
        <Link to={studioCollectionPoemRemovePath(collection.id, poem.id)} className="button danger">
          Remove<span className="visually-hidden"> “{poem.title || 'Untitled'}”</span>
        </Link>
      </div>
    </li>
  );
}

export default function EditCollection({
  loaderData: { collection, poems, myPoems },
  actionData,
}: Route.ComponentProps) {
  const problem = actionData?.problem;
  return (
    <>
      <h1>{collection.title || 'Untitled'}</h1>
      <ProblemSummary problem={problem} />
      <DoneStatus messages={DONE} />
      <p className="state">
        {collection.is_public ? (
          <>
            Public:{' '}
            <Link to={collectionPath(collection.owner.username, collection.id)}>see it as readers do</Link>
          </>
        ) : (
          'Private: only you see it'
        )}
      </p>

      <section aria-labelledby="details">
        <h2 id="details">Details</h2>
        <Form method="post" className="form collection-form">
          <input type="hidden" name="intent" value="save" />
          <CollectionFields
            values={{ ...collectionValues(collection), ...actionData?.values }}
            problem={problem}
          />
          <button type="submit">Save</button>
        </Form>
      </section>

      <section aria-labelledby="image">
        <h2 id="image">Image</h2>
        {collection.image_url ? (
          <div className="current-picture">
            <img className="banner" src={collection.image_url} alt="" width={1200} height={630} />
            <IntentButton intent="remove-image" label="Remove the image" danger />
          </div>
        ) : (
          <p>No image yet: link previews show the site’s own.</p>
        )}
        <Form method="post" encType="multipart/form-data" className="form">
          <input type="hidden" name="intent" value="image" />
          <PhotoField name="image" label={LABELS.image} problem={problem} required />
          <button type="submit">Upload the image</button>
        </Form>
      </section>

      <section aria-labelledby="poems">
        <h2 id="poems">Poems</h2>
        {poems.poems.length === 0 ? (
          <p>No poems in it yet.</p>
        ) : (
          <ul className="studio-list">
            {poems.poems.map((poem) => (
              <Membership
                key={poem.id}
                collection={{ id: collection.id, ownerId: collection.owner.id }}
                poem={poem}
              />
            ))}
          </ul>
        )}
        <Pager page={poems} label="Pages of the collection's poems" />
        {myPoems.length > 0 && (
          <AddToCollection
            given={{ name: 'collection_id', value: collection.id }}
            choice={{ name: 'poem_id', label: 'Add one of my poems', options: myPoems }}
          />
        )}
        <p className="hint">Another poet’s poem: open it, and add it from its page.</p>
      </section>

      <p>
        <Link to={`${studioCollectionPath(collection.id)}/delete`}>Delete this collection</Link>
      </p>
    </>
  );
}
