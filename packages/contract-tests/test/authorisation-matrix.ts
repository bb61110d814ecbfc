import { call, type Request, succeed } from '../src/http.js';
import { formWithFile, TINY_PNG } from '../src/images.js';
import { mailedToken } from '../src/mailbox.js';
import { type MatrixRow, row } from '../src/matrix.js';
import {
  type Actor,
  createCollection,
  newEmail,
  PASSWORD,
  shareKeyOf,
  signUp,
  type World,
  writePoem,
} from '../src/world.js';

/*
 * Who may do what: every route of the contract, with the exact status each caller gets, as
 * shared/spec/API.md decides. Columns: anonymous, an author since deleted (their old cookie),
 * another author, the owner of the target. Views: `public` shows the owner's private things to
 * nobody, `owner` only to the owner. Every cell also checks that the answer shows nothing of the
 * deleted author and, unless the owner is looking at an owner view, none of the owner's private
 * things (the draft poem, the private collection, the share keys): a share link opens its poem,
 * draft or not, to every caller (`reveals`), and nothing else. The owner sees their own collections whole
 * wherever they look (API.md: a private collection is 404 to everyone but its owner).
 */

type Pick = (world: World) => string;
type Build = (world: World) => Request | Promise<Request>;

const none = () => ({});
const author = (pick: Pick) => (w: World) => ({ params: { authorId: pick(w) } });
const poem = (pick: Pick) => (w: World) => ({ params: { poemId: pick(w) } });
const collection = (pick: Pick) => (w: World) => ({ params: { collectionId: pick(w) } });
const poemIn = (p: Pick, c: Pick) => (w: World) => ({
  params: { poemId: p(w) },
  query: { collection_id: c(w) },
});
const member = (c: Pick, p: Pick) => (w: World) => ({ params: { collectionId: c(w), poemId: p(w) } });
const authorsPoem = (p: Pick) => (w: World) => ({ params: { authorId: w.owner.id, poemId: p(w) } });
const authorsCollection = (c: Pick) => (w: World) => ({
  params: { authorId: w.owner.id, collectionId: c(w) },
});
const photo = (part: string) => () => ({ params: { part } });
const list = (listId: string | Pick) => (w: World) => ({
  params: { listId: typeof listId === 'string' ? listId : listId(w) },
});
const withBody = (build: Build, body: unknown) => async (w: World) => ({ ...(await build(w)), body });
const withForm = (build: Build, field: string) => async (w: World) => ({
  ...(await build(w)),
  form: formWithFile(field, TINY_PNG),
});

const signupWith = (email: Pick) => (w: World) => ({
  body: { email: email(w), password: PASSWORD, firstname: 'New', lastname: 'Author' },
});
const loginWith =
  (email: Pick, password = PASSWORD) =>
  (w: World) => ({ body: { email: email(w), password } });
const forgotPasswordOf = (email: Pick) => (w: World) => ({ body: { email: email(w) } });
const resetWith = (token: (w: World) => string | Promise<string>) => async (w: World) => ({
  body: { token: await token(w), new_password: PASSWORD, confirmed_password: PASSWORD },
});
const verifyWith = (token: (w: World) => string | Promise<string>) => async (w: World) => ({
  body: { token: await token(w) },
});
const mailedResetToken = (w: World) =>
  mailedToken(w.owner.email, 'reset-password', () =>
    call('auth.forgotPassword', { body: { email: w.owner.email } }),
  );
const mailedVerificationToken = () => {
  const email = newEmail('verifying');
  return mailedToken(email, 'verify-email', () => signUp('verifying', email));
};
/** The unsubscribe link's token of the new-poem mail to a new verified reader of a new poet. */
const mailedUnsubscribeToken = async () => {
  const email = newEmail('reading');
  let reader: Actor | undefined;
  const token = await mailedToken(email, 'verify-email', async () => {
    reader = await signUp('reading', email);
  });
  await succeed('auth.verifyEmail', { body: { token } });
  const poet = await signUp('publishing');
  await succeed('author.followers.follow', { cookie: reader?.cookie, params: { authorId: poet.id } });
  return mailedToken(email, 'unsubscribe', () => writePoem(poet, 'For the followers'));
};
// As JSON, like every request of the suite (the route takes the form a mail client posts too:
// apps/api/test/mail/unsubscribe.test.ts).
const oneClickWith = (token: () => string | Promise<string>) => async (): Promise<Request> => ({
  query: { token: await token() },
  body: { 'List-Unsubscribe': 'One-Click' },
});
const UNKNOWN_TOKEN = 'q5Xo0bW3c9gV8yJm1LkT2pRf7sN4aZ6hD0uE3iY8wQx';

const owner: Pick = (w) => w.owner.id;
const deleted: Pick = (w) => w.deleted.id;
const published: Pick = (w) => w.poems.published;
const draft: Pick = (w) => w.poems.draft;
const hidden: Pick = (w) => w.poems.hidden;
const othersPoem: Pick = (w) => w.poems.othersPublished;
const deletedPoem: Pick = (w) => w.deleted.poemId;
const publicCollection: Pick = (w) => w.collections.public;
const privateCollection: Pick = (w) => w.collections.private;
const deletedCollection: Pick = (w) => w.deleted.collectionId;
const ownersPoems = (w: World) => [w.poems.published, w.poems.hidden];

const newPoem = async (w: World) => ({ params: { poemId: await writePoem(w.owner, 'to be deleted') } });
const newEmptyDraft = async (w: World) => ({
  params: { poemId: (await succeed('me.poems.create', { cookie: w.owner.cookie, body: {} })).poem.id },
  body: { is_published: true },
});
const newDraft = async (w: World) => ({
  params: { poemId: await writePoem(w.owner, 'a draft', { draft: true }) },
});
const HOUR = 3600 * 1000;
const scheduledIn = (ms: number) => async (w: World) => ({
  ...(await newDraft(w)),
  body: { publish_at: new Date(Date.now() + ms).toISOString() },
});
const shareLink = (key: Pick) => (w: World) => ({ params: { shareKey: key(w) } });
/** A share key the owner has replaced since. */
const replacedShareKey = async (w: World) => {
  const { params } = await newDraft(w);
  const old = await shareKeyOf(w.owner, params.poemId);
  await succeed('me.poems.renewShareKey', { cookie: w.owner.cookie, params });
  return { params: { shareKey: old } };
};
const newCollection = async (w: World) => ({
  params: { collectionId: await createCollection(w.owner, 'to be deleted', true) },
});

// biome-ignore format: a table, aligned by hand
export const matrix: MatrixRow[] = [
  //  route                               target                                    anon gone other owner  view      request
  row('auth.signup',                      'a new address',                          [201, 201, 201, 201], 'public', signupWith(() => newEmail('new')), { fresh: 'row' }),
  row('auth.signup',                      "the owner's address",                    [409, 409, 409, 409], 'public', signupWith((w) => w.owner.email)),
  row('auth.login',                       "the owner's credentials",                [200, 200, 200, 200], 'public', loginWith((w) => w.owner.email), { fresh: 'row' }),
  row('auth.login',                       "the owner's address, a wrong password",  [401, 401, 401, 401], 'public', loginWith((w) => w.owner.email, 'not the password')),
  row('auth.login',                       "the deleted author's credentials",       [401, 401, 401, 401], 'public', loginWith((w) => w.deleted.email)),
  row('auth.logout',                      'the session',                            [200, 200, 200, 200], 'public', none, { fresh: 'row' }),
  row('auth.logoutPost',                  'the session',                            [200, 200, 200, 200], 'public', none, { fresh: 'row' }),
  row('auth.forgotPassword',              "the owner's address",                    [200, 200, 200, 200], 'public', forgotPasswordOf((w) => w.owner.email)),
  row('auth.forgotPassword',              'an address with no account',             [200, 200, 200, 200], 'public', forgotPasswordOf(() => newEmail('nobody'))),
  row('auth.resetPassword',               'a reset token mailed to the owner',      [200, 200, 200, 200], 'public', resetWith(mailedResetToken), { fresh: 'cell', needsMail: true }),
  row('auth.resetPassword',               'an unknown token',                       [422, 422, 422, 422], 'public', resetWith(() => UNKNOWN_TOKEN)),
  row('auth.verifyEmail',                 'a token mailed to a new author',         [200, 200, 200, 200], 'public', verifyWith(mailedVerificationToken), { needsMail: true }),
  row('auth.verifyEmail',                 'an unknown token',                       [422, 422, 422, 422], 'public', verifyWith(() => UNKNOWN_TOKEN)),
  row('mail.unsubscribe',                 "a new-poem mail's link",                 [200, 200, 200, 200], 'public', oneClickWith(mailedUnsubscribeToken), { needsMail: true }),
  row('mail.unsubscribe',                 'an unknown token',                       [422, 422, 422, 422], 'public', oneClickWith(() => UNKNOWN_TOKEN)),
  row('auth.requestEmailConfirmation',    "the caller's own address",               [401, 401, 200, 200], 'owner',  none),

  row('author.lists.get',                 'the top authors',                        [200, 200, 200, 200], 'public', list('top')),
  row('author.lists.get',                 "the genre of the world's tag",           [200, 200, 200, 200], 'public', list((w) => `genre:${w.tag}`)),
  row('author.lists.get',                 'an unknown list',                        [404, 404, 404, 404], 'public', list('best')),
  row('author.get',                       'the owner, by id',                       [200, 200, 200, 200], 'public', author(owner)),
  row('author.get',                       'the owner, by username',                 [200, 200, 200, 200], 'public', author((w) => w.owner.username)),
  row('author.get',                       'the deleted author',                     [404, 404, 404, 404], 'public', author(deleted)),
  row('author.collections.list',          "the owner's collections",                [200, 200, 200, 200], 'public', author(owner)),
  row('author.collections.get',           "the owner's public collection",          [200, 200, 200, 200], 'public', authorsCollection(publicCollection)),
  row('author.collections.get',           "the owner's private collection",         [404, 404, 404, 200], 'owner',  authorsCollection(privateCollection)),
  row('author.collections.poems.list',    "the owner's public collection",          [200, 200, 200, 200], 'public', authorsCollection(publicCollection), { hides: (w) => [w.poems.hidden] }),
  row('author.collections.poems.list',    "the owner's private collection",         [404, 404, 404, 404], 'public', authorsCollection(privateCollection)),
  row('author.collections.poems.list',    "the deleted author's collection",        [404, 404, 404, 404], 'public', authorsCollection(deletedCollection)),
  row('author.poems.list',                "the owner's poems",                      [200, 200, 200, 200], 'public', author(owner)),
  row('author.poems.get',                 "the owner's published poem",             [200, 200, 200, 200], 'public', authorsPoem(published)),
  row('author.poems.get',                 "the owner's draft",                      [404, 404, 404, 404], 'public', authorsPoem(draft)),
  row('author.poems.get',                 "another author's poem, under the owner", [404, 404, 404, 404], 'public', authorsPoem(othersPoem)),
  row('author.followers.list',            "the owner's followers",                  [200, 200, 200, 200], 'public', author(owner)),
  row('author.followers.follow',          'the owner',                              [401, 401, 200, 422], 'public', author(owner)),
  row('author.followers.follow',          'the deleted author',                     [401, 401, 404, 404], 'public', author(deleted)),
  row('author.followers.unfollow',        'the owner',                              [401, 401, 200, 200], 'public', author(owner)),
  row('author.followers.unfollow',        'the deleted author',                     [401, 401, 404, 404], 'public', author(deleted)),

  row('me.get',                           "the caller's account",                   [401, 401, 200, 200], 'owner',  none),
  row('me.update',                        "the caller's bio",                       [401, 401, 200, 200], 'owner',  withBody(none, { bio: 'Writes at night.' })),
  row('me.delete',                        "the caller's account",                   [401, 401, 200, 200], 'owner',  none, { fresh: 'row' }),
  row('me.uploadPhoto',                   "the caller's profile photo",             [401, 401, 200, 200], 'owner',  withForm(none, 'profile_photo')),
  row('me.removePhoto',                   "the caller's profile photo",             [401, 401, 200, 200], 'owner',  photo('profile_photo')),
  row('me.removePhoto',                   'a part that names no photo',             [401, 401, 404, 404], 'owner',  photo('profile')),
  row('me.feed',                          "the caller's feed",                      [401, 401, 200, 200], 'owner',  none),
  row('me.following.list',                'the authors the caller follows',         [401, 401, 200, 200], 'owner',  none),
  row('me.following.collections.list',    'the collections the caller follows',     [401, 401, 200, 200], 'owner',  none),
  row('me.liked.list',                    'the poems the caller likes',             [401, 401, 200, 200], 'owner',  none),
  row('me.poems.create',                  'a new draft',                            [401, 401, 201, 201], 'owner',  withBody(none, {})),
  row('me.poems.list',                    "the caller's poems",                     [401, 401, 200, 200], 'owner',  none, { hides: ownersPoems }),
  row('me.poems.get',                     "the owner's draft",                      [401, 401, 404, 200], 'owner',  poem(draft)),
  row('me.poems.get',                     "the owner's published poem",             [401, 401, 404, 200], 'owner',  poem(published)),
  row('me.poems.update',                  "the owner's draft, a new title",         [401, 401, 404, 200], 'owner',  withBody(poem(draft), { title: 'A new title' })),
  row('me.poems.update',                  'publishing an empty draft',              [401, 401, 404, 422], 'owner',  newEmptyDraft),
  row('me.poems.update',                  'scheduling a draft for tomorrow',        [401, 401, 404, 200], 'owner',  scheduledIn(24 * HOUR)),
  row('me.poems.update',                  'scheduling a draft an hour ago',         [401, 401, 404, 422], 'owner',  scheduledIn(-HOUR)),
  row('me.poems.delete',                  'a poem of the owner',                    [401, 401, 404, 200], 'owner',  newPoem),
  row('me.poems.renewShareKey',           "a draft's share key",                    [401, 401, 404, 200], 'owner',  newDraft),
  row('me.collections.create',            'a new collection',                       [401, 401, 201, 201], 'owner',  withBody(none, { title: 'New' })),
  row('me.collections.list',              "the caller's collections",               [401, 401, 200, 200], 'owner',  none, { hides: (w) => [w.collections.public] }),
  row('me.collections.update',            "the owner's private collection, JSON",   [401, 401, 404, 200], 'owner',  withBody(collection(privateCollection), { description: 'Kept' })),
  row('me.collections.update',            "the owner's private collection, image",  [401, 401, 404, 200], 'owner',  withForm(collection(privateCollection), 'image')),
  row('me.collections.delete',            'a collection of the owner',              [401, 401, 404, 200], 'owner',  newCollection),
  row('me.collections.removeImage',       "the owner's private collection",         [401, 401, 404, 200], 'owner',  collection(privateCollection)),
  row('me.collections.poems.list',        "the owner's public collection",          [401, 401, 404, 200], 'owner',  collection(publicCollection)),
  row('me.collections.poems.list',        "the owner's private collection",         [401, 401, 404, 200], 'owner',  collection(privateCollection)),
  row('me.collections.poems.add',         "owner's private + owner's draft",        [401, 401, 404, 200], 'owner',  member(privateCollection, draft)),
  row('me.collections.poems.add',         "owner's private + other's published",    [401, 401, 404, 200], 'owner',  member(privateCollection, othersPoem)),
  row('me.collections.poems.add',         "owner's private + the deleted's poem",   [401, 401, 404, 404], 'owner',  member(privateCollection, deletedPoem)),
  row('me.collections.poems.remove',      "owner's private − other's published",    [401, 401, 404, 200], 'owner',  member(privateCollection, othersPoem)),
  row('me.collections.poems.removeAlias', "owner's private − owner's draft",        [401, 401, 404, 200], 'owner',  member(privateCollection, draft)),

  row('poem.private.get',                 "the draft's share key",                  [200, 200, 200, 200], 'public', shareLink((w) => w.shareKeys.draft), { reveals: (w) => [w.poems.draft] }),
  row('poem.private.get',                 "the published poem's share key",         [200, 200, 200, 200], 'public', shareLink((w) => w.shareKeys.published)),
  row('poem.private.get',                 'a share key replaced since',             [404, 404, 404, 404], 'public', replacedShareKey),
  row('poem.private.get',                 'an unknown share key',                   [404, 404, 404, 404], 'public', shareLink(() => UNKNOWN_TOKEN)),
  row('poem.search',                      "the world's word",                       [200, 200, 200, 200], 'public', (w) => ({ query: { q: w.word } })),
  row('poem.get',                         "the owner's published poem",             [200, 200, 200, 200], 'public', poem(published)),
  row('poem.get',                         "the owner's draft",                      [404, 404, 404, 404], 'public', poem(draft)),
  row('poem.get',                         "the deleted author's poem",              [404, 404, 404, 404], 'public', poem(deletedPoem)),
  row('poem.card',                        "the owner's published poem",             [200, 200, 200, 200], 'public', poem(published)),
  row('poem.card',                        "the owner's draft",                      [404, 404, 404, 404], 'public', poem(draft)),
  row('poem.card',                        "the deleted author's poem",              [404, 404, 404, 404], 'public', poem(deletedPoem)),
  row('poem.around',                      "the owner's published poem",             [200, 200, 200, 200], 'public', poem(published)),
  row('poem.around',                      'the published poem, public collection',  [200, 200, 200, 200], 'public', poemIn(published, publicCollection)),
  row('poem.around',                      'the published poem, private collection', [200, 200, 200, 200], 'public', poemIn(published, privateCollection)),
  row('poem.around',                      "the owner's draft",                      [404, 404, 404, 404], 'public', poem(draft)),
  row('poem.around',                      "the deleted author's poem",              [404, 404, 404, 404], 'public', poem(deletedPoem)),
  row('poem.metrics.increment',           'a read of the published poem',           [200, 200, 200, 200], 'public', withBody(poem(published), { metric: 'read' })),
  row('poem.metrics.increment',           'a read of the draft',                    [404, 404, 404, 404], 'public', withBody(poem(draft), { metric: 'read' })),
  row('poem.likes.list',                  'likers of the published poem',           [200, 200, 200, 200], 'public', poem(published)),
  row('poem.likes.list',                  'likers of the draft',                    [404, 404, 404, 404], 'public', poem(draft)),
  row('poem.likes.like',                  'the published poem',                     [401, 401, 200, 200], 'public', poem(published)),
  row('poem.likes.like',                  'the draft',                              [401, 401, 404, 404], 'public', poem(draft)),
  row('poem.likes.unlike',                'the published poem',                     [401, 401, 200, 200], 'public', poem(published)),
  row('poem.likes.unlike',                'the draft',                              [401, 401, 404, 404], 'public', poem(draft)),

  row('collection.lists.get',             'the featured collections',               [401, 401, 200, 200], 'public', list('featured')),
  row('collection.lists.get',             "the genre of the world's tag",           [401, 401, 200, 200], 'public', list((w) => `genre:${w.tag}`)),
  row('collection.lists.get',             'an unknown list',                        [401, 401, 404, 404], 'public', list('best')),
  row('collection.get',                   "the owner's public collection",          [401, 401, 200, 200], 'public', collection(publicCollection)),
  row('collection.get',                   "the owner's private collection",         [401, 401, 404, 200], 'owner',  collection(privateCollection)),
  row('collection.get',                   "the deleted author's collection",        [401, 401, 404, 404], 'public', collection(deletedCollection)),
  row('collection.poems.list',            "the owner's public collection",          [401, 401, 200, 200], 'owner',  collection(publicCollection), { hides: (w) => [w.poems.hidden] }),
  row('collection.poems.list',            "the owner's private collection",         [401, 401, 404, 200], 'owner',  collection(privateCollection)),
  row('collection.poems.get',             'public collection, published member',    [401, 401, 200, 200], 'public', member(publicCollection, published)),
  row('collection.poems.get',             'public collection, hidden member',       [401, 401, 404, 200], 'owner',  member(publicCollection, hidden)),
  row('collection.poems.get',             'public collection, draft member',        [401, 401, 404, 200], 'owner',  member(publicCollection, draft)),
  row('collection.followers.list',        "the owner's public collection",          [401, 401, 200, 200], 'public', collection(publicCollection)),
  row('collection.followers.list',        "the owner's private collection",         [401, 401, 404, 200], 'owner',  collection(privateCollection)),
  row('collection.followers.follow',      "the owner's public collection",          [401, 401, 200, 200], 'public', collection(publicCollection)),
  row('collection.followers.follow',      "the owner's private collection",         [401, 401, 404, 200], 'owner',  collection(privateCollection)),
  row('collection.followers.unfollow',    "the owner's public collection",          [401, 401, 200, 200], 'public', collection(publicCollection)),
  row('collection.followers.unfollow',    "the owner's private collection",         [401, 401, 404, 200], 'owner',  collection(privateCollection)),
];
