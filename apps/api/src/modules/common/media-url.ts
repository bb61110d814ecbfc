/** The absolute URL a stored file is served from, or null when there is none. */
export function mediaUrl(publicUrl: string, key: string | null | undefined): string | null {
  return key ? `${publicUrl}/media/${key}` : null;
}
