import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/unpack-chromium.ts'],
    // Two files at once, whatever the cores (vitest's default is one fewer than the cores: one
    // here). A file mostly waits on its browser and its service: alone, the suite kept 0.85 of
    // two cores busy and took 268 s; two at a time, 154 s.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page updates after the answer it awaits (React renders it; a form's new document loads):
    // `expect.poll` on what it shows waits as long as a browser step does (`newBrowserPage`).
    expect: { poll: { timeout: 15_000 } },
  },
});
