import {
  BIO_MAX,
  DESCRIPTION_MAX,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHOTO_UPLOAD,
  POEM_BODY_MAX,
  TAG_MAX,
  TAGS_MAX,
  TITLE_MAX,
} from '@poetry/sdk';
import type { FieldFault, FieldMessages, FieldProblem, Message } from './form-problem';

/** `text` as a sentence: a capital first, a full stop last (the API's messages have neither). */
export const sentence = (text: string) =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;

const count = (n: number) => n.toLocaleString('en');

const MB = PHOTO_UPLOAD.maxBytes / (1024 * 1024);

type Sentences = Partial<Record<FieldProblem, string | Message>>;

const PASSWORD: Sentences = {
  required: 'Enter your password.',
  too_short: `Your password must be at least ${PASSWORD_MIN} characters.`,
  too_long: `Your password must be ${count(PASSWORD_MAX)} characters or fewer.`,
  same_as_email: 'Your password cannot be your email address. Choose another one.',
  too_common:
    'This password is one of the most common, which makes it easy to guess. Choose another: a few words that do not go together make a strong one.',
};

const name = (which: string): Sentences => ({
  required: `Enter your ${which} name.`,
  too_long: `Your ${which} name must be ${NAME_MAX} characters or fewer.`,
});

/** The sentences of an image field, `noun` naming what it is for. */
const image = (noun: string, article = 'a'): Sentences => ({
  required: `Choose ${article} ${noun} to upload.`,
  not_an_image: `The ${noun} must be a JPEG, PNG, WebP or GIF image, and this file is not one. Choose an image.`,
  too_large: `The ${noun} must be at most ${MB} MB, and this file is larger. Choose a smaller one.`,
  too_many_pixels: `The ${noun} must be at most ${count(PHOTO_UPLOAD.maxSide)} pixels a side and ${
    PHOTO_UPLOAD.maxPixels / 1_000_000
  } megapixels, and this one is larger. Scale it down, or choose another.`,
});

/**
 * What every form says of its fields' problems, by the API's field name: a sentence a person
 * reads, saying what to do. A form words its own where a field means something else there
 * (`FormWords.fields`).
 */
const COMMON: Readonly<Record<string, Sentences>> = {
  firstname: name('first'),
  lastname: name('last'),
  email: {
    required: 'Enter your email address.',
    invalid: 'Enter an email address in the form name@example.com.',
    too_long: `An email address must be ${EMAIL_MAX} characters or fewer.`,
    taken: 'Another account has this email address. Choose another one.',
  },
  password: PASSWORD,
  new_password: PASSWORD,
  confirmed_password: {
    mismatch: 'The two passwords are not the same. Type the new password again in both fields.',
  },
  current_password: {
    required: 'Enter your current password.',
    incorrect: {
      text: 'This is not your current password.',
      next: ['Forgotten it? ', { to: '/forgot-password', text: 'Set a new one by mail' }, '.'],
    },
  },
  username: {
    required: 'Enter a username.',
    invalid: 'A username is 3 to 30 characters: letters a to z, digits, “_” and “-”. Choose one like that.',
    reserved: 'This username is reserved. Choose another one.',
    taken: 'Another poet has this username. Choose another one.',
  },
  bio: { too_long: `Your bio must be ${count(BIO_MAX)} characters or fewer.` },
  title: {
    required: 'Enter a title: a poem needs one to be published or scheduled.',
    too_long: `The title must be ${TITLE_MAX} characters or fewer.`,
  },
  body: {
    required: 'Write the poem: an empty one cannot be published or scheduled.',
    too_long: `The poem must be ${count(POEM_BODY_MAX)} characters or fewer.`,
  },
  description: { too_long: `The description must be ${count(DESCRIPTION_MAX)} characters or fewer.` },
  tags: {
    too_many: `Give at most ${TAGS_MAX} tags.`,
    too_long: `Each tag must be ${TAG_MAX} characters or fewer.`,
  },
  publish_at: {
    required: 'Enter the date and the time to publish the poem at.',
    invalid: 'Enter the date and the time to publish the poem at, each in full.',
    not_in_future: 'This time has passed. Choose a time to come.',
    already_published: 'The poem is published already. Unpublish it to schedule it.',
    skipped_time:
      'This time does not happen in the time zone chosen: the clocks skip it that day. Choose another time.',
  },
  time_zone: {
    required: 'Choose the time zone of the time to publish at.',
    invalid: 'Choose a time zone from the list.',
  },
  new_poem_mail: { invalid: 'Choose one of the mails about new poems.' },
  profile_photo: image('photo'),
  profile_banner_photo: image('banner'),
  image: image('image', 'an'),
};

const asMessage = (words: string | Message): Message => (typeof words === 'string' ? { text: words } : words);

/**
 * What the page says of `fault` with its field `field`, labelled `label`: the form's own sentence,
 * else the common one, else (a problem no sentence foresees) the label and the API's message.
 */
export function fieldMessage(field: string, label: string, fault: FieldFault, own?: FieldMessages): Message {
  const words = own?.[field]?.[fault.code] ?? COMMON[field]?.[fault.code];
  if (words) return asMessage(words);
  return { text: fault.message ? `“${label}”: ${sentence(fault.message)}` : `Check “${label}”.` };
}
