// node --test scripts/: scripts/audit.mjs against a stand-in `pnpm` that prints a given answer.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./audit.mjs', import.meta.url));
let bin;
before(async () => {
  bin = await mkdtemp(path.join(tmpdir(), 'audit-test-'));
});
after(() => rm(bin, { recursive: true, force: true }));

/** Runs the script with a `pnpm` that prints `output` and exits with `code`. */
async function audit(output, code = 0) {
  await writeFile(
    path.join(bin, 'answer.json'),
    typeof output === 'string' ? output : JSON.stringify(output),
  );
  await writeFile(
    path.join(bin, 'pnpm'),
    `#!/bin/sh\ncat "${path.join(bin, 'answer.json')}"\nexit ${code}\n`,
  );
  await chmod(path.join(bin, 'pnpm'), 0o755);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script],
      { env: { PATH: `${bin}:${process.env.PATH}` } },
      (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

const report = (vulnerabilities, advisories = {}) => ({
  advisories,
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...vulnerabilities } },
});

test('passes with only lower advisories', async () => {
  const { code, stdout } = await audit(report({ moderate: 2 }), 0);
  assert.equal(code, 0);
  assert.match(stdout, /no high or critical advisories \(2 lower\)/);
});

test('fails on a high or critical advisory and names it', async () => {
  const advisory = {
    severity: 'critical',
    module_name: 'left-pad',
    vulnerable_versions: '<2.0.0',
    title: 'Pads to the left',
    url: 'https://github.com/advisories/GHSA-xxxx',
    findings: [{ paths: ['apps__api>left-pad'] }],
  };
  const { code, stderr } = await audit(report({ critical: 1 }, { 1: advisory }), 1);
  assert.equal(code, 1);
  assert.match(stderr, /1 high or critical advisories/);
  assert.match(stderr, /critical: left-pad <2.0.0: Pads to the left/);
});

test('warns and passes when the audit endpoint answers an error', async () => {
  const answer = { error: { code: 'ERR_PNPM_AUDIT_BAD_RESPONSE', message: 'responded with 405' } };
  const { code, stderr } = await audit(answer, 1);
  assert.equal(code, 0);
  assert.match(stderr, /could not run.*NOT checked/);
  assert.match(stderr, /ERR_PNPM_AUDIT_BAD_RESPONSE: responded with 405/);
});

test('warns and passes when pnpm answers no report at all', async () => {
  const { code, stderr } = await audit('getaddrinfo ENOTFOUND registry.npmjs.org', 1);
  assert.equal(code, 0);
  assert.match(stderr, /could not run/);
  assert.match(stderr, /ENOTFOUND/);
});
