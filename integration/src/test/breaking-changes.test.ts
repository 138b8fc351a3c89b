// The breaking-change guard (C001–C003 and the versioning matrix): the app against its last release,
// which is how `npm test` runs the guard in CI, then each kind of breaking change seeded into a copy of
// the definition, the command's exit codes on a scratch file, and the release's changelog entry.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import {
  breakingChanges,
  currentDefinition,
  type Definition,
  guard,
  readDefinition,
  releasedPath,
} from '../../scripts/breaking-changes.js';
import { changelogEntry } from '../../scripts/release.js';

const run = promisify(execFile);
/** How `zapier-platform promote` reads CHANGELOG.md: the version's section and its change metadata. */
const { getVersionChangelog } = createRequire(import.meta.url)(
  'zapier-platform-cli/src/utils/changelog.js',
) as {
  getVersionChangelog: (
    version: string,
    dir: string,
  ) => Promise<{ changelog: string; appMetadata?: { action_key: string; app_change_type: string }[] }>;
};
const appDir = fileURLToPath(new URL('../..', import.meta.url));
const released = readDefinition(releasedPath);
const current = currentDefinition();

/** A copy of the current definition, changed by `edit`. */
// biome-ignore lint/suspicious/noExplicitAny: a seeded edit reaches anywhere into the definition's JSON
type Editable = any;
const seeded = (edit: (d: Editable) => void): Definition => {
  const copy = structuredClone(current) as Editable;
  edit(copy);
  return copy;
};
const withMajorBump = (d: Definition): Definition => ({
  ...d,
  version: `${Number(released.version.split('.')[0]) + 1}.0.0`,
});

describe('breaking-change guard', () => {
  it('the app breaks nothing of its last release, or bumped the major version', () => {
    const verdict = guard(released, current);
    expect(verdict.ok, `breaking changes since ${released.version}:\n${verdict.changes.join('\n')}`).toBe(
      true,
    );
  });

  it.each([
    ['removed step', (d) => delete d.creates.summarize_meeting, 'create/summarize_meeting: step removed'],
    ['hidden step', (d) => (d.searches.get_transcript.display.hidden = true), 'step hidden'],
    [
      'renamed input key',
      (d) => (d.creates.create_meeting.operation.inputFields[0].key = 'meeting_title'),
      'input field "title" removed or renamed',
    ],
    [
      'optional input made required',
      (d) => (d.creates.create_meeting.operation.inputFields[0].required = true),
      'input field "title" became required',
    ],
    [
      'new required input',
      (d) => d.creates.create_meeting.operation.inputFields.push({ key: 'room', required: true }),
      'new required input field "room"',
    ],
    [
      'polling to hook',
      (d) => (d.triggers.summary_ready.operation.type = 'hook'),
      'polling trigger became hook',
    ],
    ['auth type', (d) => (d.authentication.type = 'custom'), 'type oauth2 became custom'],
    [
      'removed output field',
      (d) => d.triggers.meeting_ended.operation.outputFields.pop(),
      'output field "duration_minutes" removed',
    ],
    [
      'removed sample key',
      (d) => delete d.searches.find_meeting.operation.sample.latest_summary.ai_model,
      'sample key "latest_summary__ai_model" removed',
    ],
  ] as [string, (d: Editable) => void, string][])(
    'names a %s, and passes once the major version is bumped',
    (_, edit, words) => {
      const broken = seeded(edit);
      const verdict = guard(released, broken);
      expect(verdict.ok).toBe(false);
      expect(verdict.changes.join('\n')).toContain(words);
      expect(guard(released, withMajorBump(broken)).ok).toBe(true);
    },
  );

  it('adding an optional input field or a step breaks nothing', () => {
    const grown = seeded((d) => {
      d.creates.create_meeting.operation.inputFields.push({ key: 'agenda', required: false });
      d.searches.find_contact = { ...d.searches.find_meeting, key: 'find_contact' };
    });
    expect(breakingChanges(released, grown)).toEqual([]);
  });

  it('check:breaking exits 1 on a scratch change that removes an input key, 0 after the major bump', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-breaking-'));
    const check = async (definition: Definition) => {
      const file = join(dir, 'current.json');
      writeFileSync(file, JSON.stringify(definition));
      try {
        const { stdout } = await run(
          process.execPath,
          ['--import', 'tsx', 'scripts/check-breaking.ts', '--current', file],
          { cwd: appDir },
        );
        return { code: 0, output: stdout };
      } catch (error) {
        const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
        return { code, output: `${stdout}${stderr}` };
      }
    };
    try {
      const scratch = seeded((d) => d.creates.generate_document.operation.inputFields.splice(1, 1));
      const refused = await check(scratch);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('create/generate_document: input field "prompt" removed or renamed');
      expect(await check(withMajorBump(scratch))).toMatchObject({ code: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('CHANGELOG.md has the entry of the current version, as promote reads it', async () => {
    expect((await getVersionChangelog(packageJson.version, appDir)).changelog).not.toBe('');
  });

  it("a release's changelog entry names the breaking changes and the additions", async () => {
    const next = seeded((d) => {
      d.version = '1.0.0';
      delete d.creates.summarize_meeting;
      d.creates.create_meeting.operation.inputFields.push({ key: 'agenda', required: false });
    });
    expect(changelogEntry('1.0.0', '2026-06-01', released, next)).toBe(
      [
        '## 1.0.0 (2026-06-01)',
        '',
        '- Breaking: create/summarize_meeting: step removed (C001)',
        '- Added create/create_meeting: new input field "agenda"',
        '',
      ].join('\n'),
    );
    const dir = mkdtempSync(join(tmpdir(), 'parley-changelog-'));
    try {
      writeFileSync(
        join(dir, 'CHANGELOG.md'),
        `# Changelog\n\n${changelogEntry('1.0.0', '2026-06-01', released, next)}`,
      );
      const read = await getVersionChangelog('1.0.0', dir);
      expect(read.changelog).toContain('Breaking: create/summarize_meeting');
      expect(read.appMetadata).toEqual([
        { app_change_type: 'FEATURE_UPDATE', action_key: 'create_meeting', action_type: 'write' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
