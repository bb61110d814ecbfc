/**
 * What an uploaded image becomes: its exact size (cover crop), the first segment of its key, and
 * the widths of the smaller copies kept beside it (same proportions), for pages that show it small.
 */
export type ImageKind = {
  name: 'profile' | 'banner' | 'share' | 'collection';
  width: number;
  height: number;
  renditions?: readonly number[];
};

/** Shown at 40–96 CSS pixels: the copies serve those at one, two and three device pixels a pixel. */
export const PROFILE_PHOTO: ImageKind = {
  name: 'profile',
  width: 400,
  height: 400,
  renditions: [48, 96, 192],
};
export const PROFILE_BANNER: ImageKind = { name: 'banner', width: 1500, height: 500 };
export const COLLECTION_IMAGE: ImageKind = { name: 'collection', width: 1200, height: 630 };
/** The banner cut again for link previews (Open Graph, Twitter cards): the size they show. */
export const SHARE_IMAGE: ImageKind = { name: 'share', width: 1200, height: 630 };

export const IMAGE_KINDS = [PROFILE_PHOTO, PROFILE_BANNER, SHARE_IMAGE, COLLECTION_IMAGE] as const;
