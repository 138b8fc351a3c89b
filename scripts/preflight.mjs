// Runs first in `npm start` and `npm test`: sets the checkout up when something is missing, so a
// fresh clone needs nothing but those commands. It checks that the Debian packages of
// scripts/debian-packages.txt are installed and that node_modules matches package-lock.json, and
// prints nothing when they are (measured cost: server/bench/README.md, "Start time"). Otherwise it runs the
// missing steps, one line each (what, how long); where a step cannot run (no root and no sudo, no
// network) it says so in one sentence with the command to run, and exits 1. `--setup` (scripts/setup.sh,
// `npm run setup`) runs `npm ci` even when the install is current.
//
// Plain Node without dependencies, runnable by the system's Node 20: node_modules, which brings
// the repo's Node 22, may be what is missing.

import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE_LIST = join(REPO, 'scripts/debian-packages.txt');
const LOCK = join(REPO, 'package-lock.json');
/** npm writes it on every install: its mtime is the install's. */
const INSTALLED_LOCK = join(REPO, 'node_modules/.package-lock.json');
const NPM_CI = ['ci', '--prefer-offline', '--no-audit', '--no-fund'];
/** What npm and apt print when the network or the registry cannot be reached. */
const OFFLINE =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|ENETUNREACH|EHOSTUNREACH|Temporary failure resolving|Could not resolve|Failed to fetch|Unable to connect/;

class SetupFailure extends Error {}

function debianPackages(text = readFileSync(PACKAGE_LIST, 'utf8')) {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .flatMap((line) => line.split(/\s+/));
}

/** The packages not installed; none on a machine without dpkg (the setup could not install them there). */
function missingDebianPackages(packages) {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's format syntax
  const query = spawnSync('dpkg-query', ['-W', '-f=${Package}\t${Status}\n', ...packages], {
    encoding: 'utf8',
  });
  if (query.error) return [];
  const installed = new Set(
    query.stdout
      .split('\n')
      .filter((line) => line.endsWith('install ok installed'))
      .map((line) => line.split('\t')[0]),
  );
  return packages.filter((name) => !installed.has(name));
}

/** The fields that say which copy of a package is installed. */
const IDENTITY = ['version', 'resolved', 'integrity', 'link'];

/**
 * 'missing', 'stale' or 'current'. The install is current when package-lock.json is not newer than
 * it, or, if it is, when it still names exactly the packages installed (npm's record of them,
 * node_modules/.package-lock.json): an edit that changes no package (a workspace declaring a
 * dependency that is already there, a reformat) is no reason to reinstall.
 */
function installState() {
  let installedAt;
  try {
    installedAt = statSync(INSTALLED_LOCK).mtimeMs;
  } catch {
    return 'missing';
  }
  if (statSync(LOCK).mtimeMs <= installedAt) return 'current';
  const wanted = JSON.parse(readFileSync(LOCK, 'utf8')).packages ?? {};
  const installed = JSON.parse(readFileSync(INSTALLED_LOCK, 'utf8')).packages ?? {};
  const same = (path) =>
    wanted[path] && IDENTITY.every((field) => wanted[path][field] === installed[path][field]);
  // Optional packages of other platforms (esbuild's, for one) are in the lock file, never installed.
  const absent = (path) => path.includes('node_modules/') && !(path in installed) && !wanted[path].optional;
  return Object.keys(installed).every(same) && !Object.keys(wanted).some(absent) ? 'current' : 'stale';
}

/** Runs `what`, printing one line: its name, then how long it took. */
function step(what, work) {
  process.stderr.write(`setup: ${what} … `);
  const started = performance.now();
  try {
    work();
  } catch (error) {
    process.stderr.write('failed\n');
    throw error;
  }
  process.stderr.write(`done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Runs a command with its output kept aside; returns the output, throws SetupFailure on failure. */
function run(command, args, failure) {
  const result = spawnSync(command, args, {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['inherit', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  if (result.status !== 0) throw new SetupFailure(failure(output));
  return output;
}

/** The command prefix that runs apt-get as root, or undefined when nothing can. */
function asRoot() {
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  if (sudo.error) return undefined;
  if (sudo.status === 0) return ['sudo', '-n'];
  // sudo wants a password: it can ask in a terminal.
  return process.stdin.isTTY ? ['sudo'] : undefined;
}

function installDebianPackages(missing, again) {
  const command = `sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const prefix = asRoot();
  if (!prefix)
    throw new SetupFailure(
      `Parley needs the Debian packages ${missing.join(', ')}, and installing them takes root: run \`${command}\`, then \`${again}\` again.`,
    );
  const apt = (args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    return run(command, rest, (output) =>
      OFFLINE.test(output)
        ? `The Debian package servers could not be reached (${lastLine(output, OFFLINE)}): connect this machine to them, then run \`${again}\` again.`
        : `Installing the Debian packages failed (${lastLine(output, /^E:/m)}): run \`${command}\` to see why.`,
    );
  };
  step(`${missing.length} Debian packages (${missing.join(' ')})`, () => {
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
  });
}

function npmCi(again) {
  // The npm that runs this script (npm start), else the one on PATH (scripts/setup.sh).
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  step('npm ci (the workspaces and their dependencies, from package-lock.json)', () => {
    run(npm[0], [...npm.slice(1), ...NPM_CI], (output) =>
      OFFLINE.test(output)
        ? `npm could not reach its registry (${lastLine(output, OFFLINE)}): connect this machine to it, then run \`${again}\` again.`
        : `npm ci failed (${npmErrors(output)}): run \`npm ci\` to see its whole output.`,
    );
  });
}

/** The line of `output` that says what went wrong: npm's failed request, else the last line matching `pattern`. */
function lastLine(output, pattern) {
  const request = /request to \S+ failed, reason: .*/.exec(output)?.[0];
  const lines = output.split('\n').map((line) => line.replace(/^(npm error|[EW]:)\s+/, '').trim());
  const line =
    request ?? lines.findLast((l) => l && pattern.test(l)) ?? lines.findLast(Boolean) ?? 'no output';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** npm's first error lines (code, path, command), without the pointer to its log. */
function npmErrors(output) {
  const errors = output
    .split('\n')
    .filter((line) => line.startsWith('npm error ') && !/A complete log/.test(line))
    .map((line) => line.slice('npm error '.length).trim())
    .filter(Boolean);
  const words = errors.slice(0, 3).join('; ') || lastLine(output, /./);
  return words.length > 200 ? `${words.slice(0, 200)}…` : words;
}

function main() {
  const setup = process.argv.includes('--setup');
  // The command to repeat once the user fixed what stopped us.
  const again = setup ? 'npm run setup' : `npm ${process.env.npm_lifecycle_event ?? 'start'}`;
  const missing = missingDebianPackages(debianPackages());
  const install = setup ? 'forced' : installState();
  if (missing.length === 0 && install === 'current') return;
  try {
    if (missing.length > 0) installDebianPackages(missing, again);
    if (install !== 'current') npmCi(again);
  } catch (error) {
    if (!(error instanceof SetupFailure)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

main();
