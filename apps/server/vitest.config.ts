import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/unpack-chromium.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page updates after the answer it awaits (React renders it; a form's new document loads):
    // `expect.poll` on what it shows waits as long as a browser step does (`newBrowserPage`).
    expect: { poll: { timeout: 15_000 } },
  },
});
