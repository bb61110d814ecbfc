import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { useTestServer } from '../support/server.js';
import { type OtherAnswer, useOtherServer } from './other-server.js';
import { cliUser, removeConfigDirs } from './run-cli.js';

const server = useTestServer();
const other = useOtherServer();
afterAll(removeConfigDirs);

/** stderr as the one JSON failure `--json` promises. */
const failureIn = (stderr: string) => JSON.parse(stderr) as { code: string; detail: string; status?: number };

describe('poet explains what went wrong', () => {
  it('shows the global options in the help of every command', async () => {
    const cli = await cliUser(server.url);
    for (const args of [['poem', 'new'], ['collection', 'add'], ['login']]) {
      const help = await cli.run([...args, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/Global Options:[\s\S]*--server <url>[\s\S]*--json/);
    }
  });

  it('refuses a --server that is not an http(s) URL, exit 2', async () => {
    const cli = await cliUser(server.url);
    const notUrl = await cli.run(['--server', 'notaurl', 'whoami']);
    expect(notUrl.code).toBe(2);
    expect(notUrl.stderr).toMatch(
      /'notaurl' is invalid\. It is not a URL; .* e\.g\. http:\/\/localhost:3000/,
    );
    const ftp = await cli.run(['--server', 'ftp://example.com', 'whoami']);
    expect(ftp.code).toBe(2);
    expect(ftp.stderr).toMatch(/must start with http:\/\/ or https:\/\//);
  });

  it('names the file it cannot read, and why', async () => {
    const cli = await cliUser(server.url);
    const folder = await cli.run(['poem', 'new', '--title', 'x', '--file', cli.configDir]);
    expect(folder).toMatchObject({ code: 1, stderr: `cannot read ${cli.configDir}: it is a folder\n` });
  });

  it('prints failures as one JSON object on stderr under --json, stdout left empty', async () => {
    const cli = await cliUser(server.url);
    const refused = await cli.run(['--json', 'whoami']);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(failureIn(refused.stderr)).toMatchObject({ status: 401, code: 'unauthenticated' });

    const usage = await cli.run(['poem', 'show', '--json']);
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(failureIn(usage.stderr)).toEqual({
      code: 'usage_error',
      detail: "missing required argument 'poem'",
    });

    const signup = await cli.run(
      ['--json', 'signup', '--email', 'not-an-email', '--firstname', 'A', '--lastname', 'B'],
      'short\n',
    );
    expect(signup.code).toBe(1);
    const problem = failureIn(signup.stderr);
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(problem).toHaveProperty(
      'errors',
      expect.arrayContaining([expect.objectContaining({ path: 'email' })]),
    );
  });

  it("says the server's limit when an upload is too large", async () => {
    const author = await signUp(server.client());
    const cli = await cliUser(server.url);
    await cli.run(['login', '--email', author.email], `${author.password}\n`);
    const big = path.join(cli.configDir, 'big.png');
    await writeFile(big, new Uint8Array(6 * 1024 * 1024));
    const result = await cli.run(['photo', 'set', big]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/larger than the limit of 5 MB \(413 payload_too_large\)/);
  });
});

describe('poet on a usage error', () => {
  it('prints the one error, the usage line of the command and where to read more, exit 2', async () => {
    const cli = await cliUser(server.url);
    /** The arguments, and the error, usage line and hint they are answered with. */
    const cases: [string[], string][] = [
      [
        ['poem', 'new', '--titel', 'x'],
        "error: unknown option '--titel'\n(Did you mean --title?)\n" +
          "Usage: poet poem new [options]\nRun 'poet poem new --help' for more.",
      ],
      [
        ['poem', 'show'],
        "error: missing required argument 'poem'\n" +
          "Usage: poet poem show [options] <poem>\nRun 'poet poem show --help' for more.",
      ],
      [
        ['pome'],
        "error: unknown command 'pome'\n(Did you mean poem?)\n" +
          "Usage: poet [options] [command]\nRun 'poet --help' for more.",
      ],
      [
        ['collection', 'image', 'set', 'x'],
        "error: missing required argument 'file'\n" +
          'Usage: poet collection image set [options] <collection> <file>\n' +
          "Run 'poet collection image set --help' for more.",
      ],
      [
        ['poem', 'list', '--limit', '0'],
        "error: option '--limit <n>' argument '0' is invalid. a number from 1 to 100\n" +
          "Usage: poet poem list [options]\nRun 'poet poem list --help' for more.",
      ],
    ];
    for (const [args, said] of cases) {
      expect(await cli.run(args), args.join(' ')).toEqual({ code: 2, stdout: '', stderr: `${said}\n` });
    }
  });

  it('refuses an empty or blank argument or required option before sending anything', async () => {
    const cli = await cliUser(other.url);
    for (const [args, error] of [
      [['poem', 'rm', ''], "error: command-argument value '' is invalid for argument 'poem'. It is empty."],
      [
        ['author', 'show', ' '],
        "error: command-argument value ' ' is invalid for argument 'author'. It is empty.",
      ],
      [
        ['signup', '--email', '', '--firstname', 'A', '--lastname', 'B'],
        "error: option '--email <email>' argument '' is invalid. It is empty.",
      ],
    ] as const) {
      const result = await cli.run([...args], 'a good password\n');
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.split('\n')[0]).toBe(error);
    }
    expect(other.requests).toEqual([]);
  });
});

describe('poet facing a server that is not the service', () => {
  const answers: [OtherAnswer, string][] = [
    [
      { status: 404, type: 'text/html; charset=utf-8', body: '<h1>Not Found</h1>' },
      'does not look like a Poetry server: GET /api/me answered 404 with text/html',
    ],
    [
      { status: 200, type: 'text/html', body: '<!doctype html><title>Some app</title>' },
      'does not look like a Poetry server: GET /api/me answered 200 with text/html',
    ],
    [
      { status: 404, type: 'application/json', body: '{"error":"Not Found"}' },
      'does not look like a Poetry server: GET /api/me answered 404 with application/json',
    ],
    [
      { status: 502, type: 'text/html', body: '<h1>502 Bad Gateway</h1>' },
      'is unavailable: GET /api/me answered 502 with text/html (a proxy whose service is down?)',
    ],
  ];

  it('says in one line which address answered what, exit 1; under --json, as one JSON failure', async () => {
    const cli = await cliUser(other.url);
    for (const [answer, said] of answers) {
      other.answerWith(answer);
      expect(await cli.run(['whoami']), said).toEqual({
        code: 1,
        stdout: '',
        stderr: `${other.url} ${said}\n`,
      });
    }
    other.answerWith(answers[0]?.[0]);
    const json = await cli.run(['--json', 'whoami']);
    expect(json).toMatchObject({ code: 1, stdout: '' });
    expect(failureIn(json.stderr)).toEqual({
      code: 'not_a_poetry_server',
      detail: `${other.url} ${answers[0]?.[1]}`,
    });
    const written = await cli.run(['poem', 'new', '--title', 'Lost'], 'a body');
    expect(written.stderr).toBe(
      `${other.url} does not look like a Poetry server: POST /api/me/poem answered 404 with text/html\n`,
    );
  });

  it('says which address did not answer in time, spoke no TLS, or refused the connection', async () => {
    other.answerWith(undefined);
    const silent = await (await cliUser(other.url)).run(['--timeout', '0.5', 'whoami']);
    expect(silent).toEqual({
      code: 1,
      stdout: '',
      stderr: `${other.url} did not answer GET /api/me within 0.5 s\n`,
    });

    const https = other.url.replace('http:', 'https:');
    const noTls = await (await cliUser(https)).run(['whoami']);
    expect(noTls).toEqual({
      code: 1,
      stdout: '',
      stderr: `cannot reach ${https}: TLS failed: nothing speaks TLS there (is it http://?)\n`,
    });
  });
});
