#!/usr/bin/env node
// `pnpm audit:prod`: fails (exit 1) when a production dependency has a high or critical advisory.
// When the audit itself cannot run (the registry's audit endpoint unreachable or answering an
// error, as on a machine behind a registry mirror), it warns that nothing was checked and exits
// 0, so an offline CI stays green while a networked one enforces the rule.
import { spawn } from 'node:child_process';

const ARGS = ['audit', '--prod', '--audit-level', 'high', '--json'];
const TIMEOUT_MS = 180_000;
const FAILING = ['high', 'critical'];

/** The pnpm that runs this script (`pnpm audit:prod`), else the one on PATH. */
function pnpmCommand() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: pnpm sets it for its scripts; no turbo task reads it
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm(\.c?js)?$/.test(execPath)) {
    return /\.c?js$/.test(execPath) ? [process.execPath, [execPath, ...ARGS]] : [execPath, ARGS];
  }
  return ['pnpm', ARGS];
}

function runAudit() {
  const [command, args] = pnpmCommand();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill();
      resolve({ failure: `no answer within ${TIMEOUT_MS / 1000} s` });
    }, TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ failure: `${command} could not be started: ${error.message}` });
    });
    child.on('close', () => {
      clearTimeout(timer);
      try {
        resolve({ report: JSON.parse(stdout) });
      } catch {
        resolve({ failure: (stderr || stdout).trim().split('\n').slice(-5).join('\n') || 'no output' });
      }
    });
  });
}

function couldNotRun(reason) {
  console.warn(
    `WARNING: pnpm audit could not run, so production dependencies were NOT checked for advisories.\n  ${reason}`,
  );
  process.exit(0);
}

const { report, failure } = await runAudit();
if (failure) couldNotRun(failure);
if (report.error) couldNotRun(`${report.error.code ?? 'error'}: ${report.error.message ?? ''}`);
const counts = report.metadata?.vulnerabilities;
if (!counts) couldNotRun('the audit answered something that is not an audit report');

const failing = Object.values(report.advisories ?? {}).filter((advisory) =>
  FAILING.includes(advisory.severity),
);
const total = FAILING.reduce((sum, severity) => sum + (counts[severity] ?? 0), 0);
if (total > 0) {
  console.error(`pnpm audit --prod: ${total} high or critical advisories`);
  for (const advisory of failing) {
    const paths = (advisory.findings ?? []).flatMap((finding) => finding.paths ?? []).slice(0, 3);
    console.error(
      `  ${advisory.severity}: ${advisory.module_name} ${advisory.vulnerable_versions}: ${advisory.title}`,
    );
    console.error(`    ${advisory.url ?? ''}${paths.length ? `\n    via ${paths.join(', ')}` : ''}`);
  }
  process.exit(1);
}
const lower = ['info', 'low', 'moderate'].reduce((sum, severity) => sum + (counts[severity] ?? 0), 0);
console.log(`pnpm audit --prod: no high or critical advisories (${lower} lower)`);
