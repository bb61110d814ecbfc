/** A mail as written, before it is addressed and sent. */
export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** One plain-text and one HTML body from the same paragraphs; `link` becomes a button. */
function mail(subject: string, paragraphs: string[], link?: { url: string; label: string }): MailContent {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), '— Poetry'].join('\n\n');
  const html = `<!doctype html>
<html><body style="font-family: Georgia, serif; max-width: 36em; margin: auto; line-height: 1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>\n<p style="font-size: small">${escapeHtml(link.url)}</p>` : ''}
<p>— Poetry</p>
</body></html>`;
  return { subject, text, html };
}

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
};
