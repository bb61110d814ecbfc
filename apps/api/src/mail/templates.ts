/** A mail as written, before it is addressed and sent. */
export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

type Link = { url: string; label: string };
const linkText = (link: Link) => `${link.label}: ${link.url}`;
const linkHtml = (link: Link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`;

/** A paragraph: its lines, kept as lines in both bodies (a stanza), one line of prose, or a link. */
type Paragraph = string | string[] | Link;

const textOf = (paragraph: Paragraph) =>
  typeof paragraph === 'string'
    ? paragraph
    : Array.isArray(paragraph)
      ? paragraph.join('\n')
      : linkText(paragraph);
const htmlOf = (paragraph: Paragraph) =>
  typeof paragraph === 'string'
    ? `<p>${escapeHtml(paragraph)}</p>`
    : Array.isArray(paragraph)
      ? `<p style="font-style: italic">${paragraph.map(escapeHtml).join('<br>\n')}</p>`
      : `<p>${linkHtml(paragraph)}</p>`;

/** A line of small print: words, or a link. */
type Note = string | Link;

/**
 * One plain-text and one HTML body from the same paragraphs; `link` becomes a button, and the
 * `notes` after it (why the mail came, how to stop it) follow in small print.
 */
function mail(subject: string, paragraphs: Paragraph[], link?: Link, notes: Note[] = []): MailContent {
  const noteText = (note: Note) => (typeof note === 'string' ? note : linkText(note));
  const noteHtml = (note: Note) => (typeof note === 'string' ? escapeHtml(note) : linkHtml(note));
  const text = [
    ...paragraphs.map(textOf),
    ...(link ? [linkText(link)] : []),
    '— Poetry',
    ...notes.map(noteText),
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title></head>
<body style="font-family: Georgia, serif; max-width: 36em; margin: auto; padding: 0 1em; line-height: 1.5">
${paragraphs.map(htmlOf).join('\n')}
${link ? `<p>${linkHtml(link)}</p>\n<p style="font-size: small">${escapeHtml(link.url)}</p>` : ''}
<p>— Poetry</p>
${notes.map((note) => `<p style="font-size: small; color: #555">${noteHtml(note)}</p>`).join('\n')}
</body></html>`;
  return { subject, text, html };
}

/** The most lines of a poem a new-poem mail quotes; a digest, of each of its poems. */
const QUOTED_LINES = 12;
const DIGEST_QUOTED_LINES = 4;

/** A poem's first stanza (up to the first blank line), at most `maxLines` lines. */
export function firstStanza(body: string, maxLines = QUOTED_LINES): string[] {
  const lines = body.replace(/^\s*\n/, '').split('\n');
  const blank = lines.findIndex((line) => line.trim() === '');
  return lines.slice(0, Math.min(blank === -1 ? lines.length : blank, maxLines));
}

/** Where a reader changes or stops the mail about new poems, at the foot of each such mail. */
type NewPoemMailLinks = { accountUrl: string; unsubscribeUrl: string };

/** A poem as a new-poem mail or a digest shows it. */
type MailedPoem = { title: string; body: string; poet: string; url: string };

const poems = (count: number) => (count === 1 ? 'a new poem' : `${count} new poems`);

/** `name` is given only for an address confirmed as the account's; any other gets no name. */
const greeting = (name: string | undefined) => (name === undefined ? 'Hello,' : `Hello ${name},`);

export const templates = {
  verifyEmail: ({ url }: { url: string }) =>
    mail(
      'Confirm your email address',
      [greeting(undefined), 'Please confirm that this is your email address. The link works for 24 hours.'],
      { url, label: 'Confirm my address' },
    ),

  resetPassword: ({ name, url }: { name?: string; url: string }) =>
    mail(
      'Reset your password',
      [
        greeting(name),
        'Someone asked to reset the password of your Poetry account. If it was you, choose a new one; the link works for one hour. If not, ignore this mail.',
      ],
      { url, label: 'Choose a new password' },
    ),

  passwordChanged: ({ name }: { name?: string }) =>
    mail('Your password was changed', [
      greeting(name),
      'The password of your Poetry account was just changed, and every other session was logged out. If this was not you, reset your password now.',
    ]),

  emailChanged: ({ name, newEmail }: { name?: string; newEmail?: string }) =>
    mail('Your email address was changed', [
      greeting(name),
      `The email address of your Poetry account was changed${newEmail === undefined ? '' : ` to ${newEmail}`}. If this was not you, reset your password now.`,
    ]),

  newPoem: ({ title, body, poet, url, accountUrl, unsubscribeUrl }: MailedPoem & NewPoemMailLinks) =>
    mail(
      `"${title}", a new poem by ${poet}`,
      [`${poet} has published a new poem, "${title}". It begins:`, firstStanza(body)],
      { url, label: 'Read the whole poem' },
      [
        `You get this mail because you follow ${poet}.`,
        { url: accountUrl, label: 'Get one mail a day instead' },
        { url: unsubscribeUrl, label: 'Stop the mails about new poems' },
      ],
    ),

  /** `shown` are the first of the day's `total` poems; `moreUrl` is where the rest are read. */
  newPoemDigest: ({
    shown,
    total,
    moreUrl,
    accountUrl,
    unsubscribeUrl,
  }: { shown: MailedPoem[]; total: number; moreUrl: string } & NewPoemMailLinks) => {
    const [first] = shown as [MailedPoem];
    return mail(
      `Your daily poems: "${first.title}" by ${first.poet}${total > 1 ? ` and ${total - 1} more` : ''}`,
      [
        `In the last day, the poets you follow published ${poems(total)}.`,
        ...shown.flatMap((poem): Paragraph[] => [
          `"${poem.title}" by ${poem.poet}`,
          firstStanza(poem.body, DIGEST_QUOTED_LINES),
          { url: poem.url, label: `Read "${poem.title}"` },
        ]),
        ...(total > shown.length
          ? [{ url: moreUrl, label: `And ${total - shown.length} more in your feed` }]
          : []),
      ],
      undefined,
      [
        'You get this mail once a day, on a day when the poets you follow publish, because you chose so.',
        { url: accountUrl, label: 'Get a mail for each poem instead' },
        { url: unsubscribeUrl, label: 'Stop the mails about new poems' },
      ],
    );
  },
};
