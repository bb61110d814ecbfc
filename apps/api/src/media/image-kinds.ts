/** What an uploaded image becomes: its exact size (cover crop) and the first segment of its key. */
export type ImageKind = {
  name: 'profile' | 'banner' | 'share' | 'collection';
  width: number;
  height: number;
};

export const PROFILE_PHOTO: ImageKind = { name: 'profile', width: 400, height: 400 };
export const PROFILE_BANNER: ImageKind = { name: 'banner', width: 1500, height: 500 };
export const COLLECTION_IMAGE: ImageKind = { name: 'collection', width: 1200, height: 630 };
/** The banner cut again for link previews (Open Graph, Twitter cards): the size they show. */
export const SHARE_IMAGE: ImageKind = { name: 'share', width: 1200, height: 630 };

export const IMAGE_KIND_NAMES = [PROFILE_PHOTO, PROFILE_BANNER, SHARE_IMAGE, COLLECTION_IMAGE].map(
  (kind) => kind.name,
);
