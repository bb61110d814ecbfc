import { BIO_MAX, type PhotoPart, type UploadPhotoInput } from '@poetry/sdk';
import { type AppLoadContext, data, Form, Link, redirect } from 'react-router';
import { AuthorPhoto } from '../../components/author-photo';
import { DoneStatus, donePath } from '../../components/done-status';
import { Field, PhotoField, TextAreaField } from '../../components/field';
import { IntentButton } from '../../components/intent-button';
import { ProblemSummary } from '../../components/problem-summary';
import { type BrowserApi, browserApi } from '../../lib/api.server';
import { FormRefusal, type FormWords, textFields } from '../../lib/form-problem';
import { pageMeta } from '../../lib/meta';
import { authorPath } from '../../lib/paths';
import { refused } from '../../lib/refused.server';
import { requireAuthor } from '../../lib/session.server';
import { asAuthor } from '../../lib/studio.server';
import { submittedForm } from '../../lib/submitted-form.server';
import type { Route } from './+types/profile';

const PROFILE_PATH = '/studio/profile';

const LABELS = { firstname: 'First name', lastname: 'Last name', username: 'Username', bio: 'Bio' } as const;
const PHOTO_LABELS: Readonly<Record<PhotoPart, string>> = {
  profile_photo: 'New photo',
  profile_banner_photo: 'New banner',
};

/** A photos form sent with no file: the page says so without asking the API. */
const PHOTO_WORDS: FormWords = {
  labels: PHOTO_LABELS,
  fields: { profile_photo: { required: { text: 'Choose a photo or a banner to upload, or both.' } } },
};

/** The remove buttons' intents, and the photo each removes. */
const REMOVALS: Readonly<Record<string, PhotoPart>> = {
  'remove-photo': 'profile_photo',
  'remove-banner': 'profile_banner_photo',
};

const DONE = {
  profile: 'Your profile is saved.',
  photos: 'Your new pictures are saved.',
  removed: 'The picture is removed.',
} as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Profile', 'Your names, username, bio, photo and banner.', { noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  return data({ author: await requireAuthor(request, context) });
}

/** Back to the page, saying what was done. */
const done = (api: BrowserApi, what: keyof typeof DONE) =>
  redirect(donePath(PROFILE_PATH, what), { headers: api.setCookies() });

/** The profile form, the photos form and the remove buttons, by their posted `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await submittedForm(request);
  const intent = form.get('intent');
  const api = browserApi(request, context);
  if (intent === 'profile') return saveProfile(request, context, api, form);
  if (intent === 'photos') return uploadPhotos(request, context, api, form);
  const part = typeof intent === 'string' && Object.hasOwn(REMOVALS, intent) ? REMOVALS[intent] : undefined;
  if (!part) throw data(null, { status: 400 });
  await asAuthor(request, api.client.me.removePhoto({ params: { part } }));
  return done(api, 'removed');
}

async function saveProfile(request: Request, context: AppLoadContext, api: BrowserApi, form: FormData) {
  const body = textFields(form, LABELS);
  try {
    await asAuthor(request, api.client.me.update({ body }));
  } catch (error) {
    return refused(error, { context, words: { labels: LABELS }, values: body, headers: api.setCookies() });
  }
  return done(api, 'profile');
}

/** Sends the photos chosen (a file input left empty posts an empty file, which is no photo). */
async function uploadPhotos(request: Request, context: AppLoadContext, api: BrowserApi, form: FormData) {
  const files: UploadPhotoInput = {};
  for (const part of Object.keys(PHOTO_LABELS) as PhotoPart[]) {
    const file = form.get(part);
    if (file instanceof File && file.size > 0) files[part] = file;
  }
  const refuse = (refusal: unknown) =>
    refused(refusal, { context, words: PHOTO_WORDS, values: {}, headers: api.setCookies() });
  if (Object.keys(files).length === 0) {
    return refuse(new FormRefusal([{ path: 'profile_photo', code: 'required' }]));
  }
  try {
    await asAuthor(request, api.client.me.uploadPhoto({ body: files }));
  } catch (error) {
    return refuse(error);
  }
  return done(api, 'photos');
}

export default function Profile({ loaderData: { author }, actionData }: Route.ComponentProps) {
  const problem = actionData?.problem;
  const values = { ...author, ...actionData?.values };
  return (
    <>
      <h1>Profile</h1>
      <ProblemSummary problem={problem} />
      <DoneStatus messages={DONE} />
      <p>
        <Link to={authorPath(author.username)}>See your public page</Link>
      </p>
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="profile" />
        <Field
          name="firstname"
          label={LABELS.firstname}
          autoComplete="given-name"
          problem={problem}
          defaultValue={values.firstname}
        />
        <Field
          name="lastname"
          label={LABELS.lastname}
          autoComplete="family-name"
          problem={problem}
          defaultValue={values.lastname}
        />
        <Field
          name="username"
          label={LABELS.username}
          autoComplete="username"
          problem={problem}
          defaultValue={values.username}
          hint="3 to 30 characters: letters a–z, digits, “_” and “-”. It makes your page’s address: /@username."
        />
        <TextAreaField
          name="bio"
          label={LABELS.bio}
          problem={problem}
          defaultValue={values.bio}
          rows={6}
          hint={`At most ${BIO_MAX.toLocaleString('en')} characters.`}
        />
        <button type="submit">Save the profile</button>
      </Form>

      <section aria-labelledby="pictures">
        <h2 id="pictures">Photo and banner</h2>
        <h3>Your photo</h3>
        {author.profile_photo_url ? (
          <div className="current-picture">
            <AuthorPhoto author={author} size="large" />
            <IntentButton intent="remove-photo" label="Remove the photo" danger />
          </div>
        ) : (
          <p>You have no photo.</p>
        )}
        <h3>Your banner</h3>
        {author.profile_banner_photo_url ? (
          <div className="current-picture">
            <img className="banner" src={author.profile_banner_photo_url} alt="" width={1500} height={500} />
            <IntentButton intent="remove-banner" label="Remove the banner" danger />
          </div>
        ) : (
          <p>You have no banner.</p>
        )}
        <Form
          method="post"
          encType="multipart/form-data"
          className="form"
          key={`photos-${author.updated_at}`}
        >
          <input type="hidden" name="intent" value="photos" />
          <PhotoField name="profile_photo" label={PHOTO_LABELS.profile_photo} problem={problem} />
          <PhotoField
            name="profile_banner_photo"
            label={PHOTO_LABELS.profile_banner_photo}
            problem={problem}
          />
          <button type="submit">Upload</button>
        </Form>
      </section>
    </>
  );
}
