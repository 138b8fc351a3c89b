// `npm run release -w integration -- <version>`: refuses a breaking change without a new major version,
// sets the app's version (package.json and the lockfile), writes the definition to
// released/definition.json for the next check:breaking, and adds a CHANGELOG.md entry naming what
// changed since the last release.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  breakingChanges,
  currentDefinition,
  type Definition,
  fields,
  guard,
  KINDS,
  readDefinition,
  releasedPath,
  stepName,
} from './breaking-changes.js';

export const changelogPath = fileURLToPath(new URL('../CHANGELOG.md', import.meta.url));
const appDir = fileURLToPath(new URL('..', import.meta.url));
const lockfilePath = fileURLToPath(new URL('../../package-lock.json', import.meta.url));

/**
 * The version in package.json (which the app's definition reads) and in the workspace's lockfile entry,
 * so `npm ci` keeps agreeing; `npm version -w` would reinstall the workspace to write the same two.
 */
function setVersion(version: string): void {
  type Versioned = { version?: string; packages?: Record<string, { version?: string }> };
  const edit = (path: string, change: (json: Versioned) => void) => {
    const json = JSON.parse(readFileSync(path, 'utf8')) as Versioned;
    change(json);
    writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
  };
  edit(`${appDir}/package.json`, (json) => {
    json.version = version;
  });
  edit(lockfilePath, (json) => {
    const entry = json.packages?.integration;
    if (entry) entry.version = version;
  });
}
const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

const newer = (a: string, b: string) => {
  const [x, y] = [SEMVER.exec(a), SEMVER.exec(b)].map((m) => (m ?? []).slice(1).map(Number));
  for (let i = 0; i < 3; i++) if ((x?.[i] ?? 0) !== (y?.[i] ?? 0)) return (x?.[i] ?? 0) > (y?.[i] ?? 0);
  return false;
};

/** Steps and input fields that are new since the release (what a changelog reader looks for). */
export function additions(released: Definition | undefined, current: Definition): string[] {
  return KINDS.flatMap((kind) =>
    Object.entries(current[kind] ?? {}).flatMap(([key, step]) => {
      const was = released?.[kind]?.[key];
      if (!was) return released ? [`${stepName(kind, key)}: new step`] : [];
      const had = new Set(fields(was.operation?.inputFields).map((f) => f.key));
      return fields(step.operation?.inputFields)
        .filter((f) => !had.has(f.key))
        .map((f) => `${stepName(kind, key)}: new input field "${f.key}"`);
    }),
  );
}

/**
 * The CHANGELOG entry of `version`, in the form `zapier-platform promote` shows and reads (a `## <version>`
 * heading; "Added create/<key>" lines become its change metadata): breaking changes first, then additions.
 */
export function changelogEntry(
  version: string,
  date: string,
  released: Definition | undefined,
  current: Definition,
): string {
  const breaking = released ? breakingChanges(released, current) : [];
  const added = additions(released, current);
  const lines = [`## ${version} (${date})`, ''];
  if (!released) lines.push('- First release: the definition in released/definition.json is the baseline.');
  for (const change of breaking) lines.push(`- Breaking: ${change}`);
  for (const change of added) lines.push(`- Added ${change}`);
  if (released && !breaking.length && !added.length) lines.push('- No change to steps, fields or samples.');
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const version = process.argv[2] ?? '';
  const released = existsSync(releasedPath) ? readDefinition(releasedPath) : undefined;
  if (!SEMVER.test(version))
    throw new Error(`Usage: npm run release -w integration -- <major.minor.patch> (got "${version}")`);
  if (released && !newer(version, released.version)) {
    throw new Error(`${version} is not newer than the released ${released.version}`);
  }
  const current = { ...currentDefinition(), version };
  const verdict = released ? guard(released, current) : undefined;
  if (verdict && !verdict.ok) {
    throw new Error(
      `${version} keeps major version ${released?.version.split('.')[0]} but breaks Zaps:\n  ${verdict.changes.join('\n  ')}`,
    );
  }
  setVersion(version);
  writeFileSync(releasedPath, `${JSON.stringify(current, null, 2)}\n`);
  // In the repository's JSON style, so the lint of the next commit passes as it is.
  execFileSync('npx', ['biome', 'format', '--write', releasedPath], { cwd: appDir, stdio: 'inherit' });
  const before = existsSync(changelogPath)
    ? readFileSync(changelogPath, 'utf8').replace(/^# Changelog\n\n/, '')
    : '';
  const entry = changelogEntry(version, new Date().toISOString().slice(0, 10), released, current);
  writeFileSync(changelogPath, `# Changelog\n\n${entry}\n${before}`.replace(/\n+$/, '\n'));
  console.log(`released ${version}: ${releasedPath} and ${changelogPath}`);
}
