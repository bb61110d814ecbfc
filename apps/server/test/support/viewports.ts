import { fileURLToPath } from 'node:url';

/** The two screens every page is tried on. */
export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Where the browser tests write screenshots and Lighthouse scores, to look at (git-ignored). */
export const TEST_RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));
