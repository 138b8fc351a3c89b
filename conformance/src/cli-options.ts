import { parseArgs } from 'node:util';
import { type OptionKind, readConfigFile } from './config-file.js';
import { UsageError } from './usage-error.js';

// Every option of the command, once: its flag, the PARLEY_* variable and the --config key it can
// come from instead, and whether it is a secret. A secret on the command line is readable by every
// user of the machine (ps, /proc/<pid>/cmdline) while the run lasts; the variable and the file are
// not, so CI passes secrets those ways. Precedence: flag > variable > config file > default.

export interface KitOption {
  /** The long flag, without its dashes. */
  flag: string;
  kind: OptionKind;
  /** The environment variable that sets it when the flag is not given. */
  env: string;
  /** Its key in a --config file: the flag in camelCase. */
  key: string;
  secret?: true;
}

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
/** PARLEY_ and the flag in upper snake case; the GitHub Action's inputs are named the same way. */
const variable = (flag: string) => `PARLEY_${flag.toUpperCase().replace(/-/g, '_')}`;
// --reporter is the Action's `reporters` input: its variable keeps that (published) name.
const ENV_NAMES: Record<string, string> = { reporter: 'PARLEY_REPORTERS' };

const option = (flag: string, kind: OptionKind, secret = false): KitOption => ({
  flag,
  kind,
  env: ENV_NAMES[flag] ?? variable(flag),
  key: camel(flag),
  ...(secret ? { secret: true as const } : {}),
});

export const KIT_OPTIONS: readonly KitOption[] = [
  option('base-url', 'string'),
  option('api-key', 'string', true),
  option('ws-url', 'string'),
  option('second-api-key', 'string', true),
  option('partner-token', 'string', true),
  option('oauth-client', 'string', true),
  option('oauth-user', 'string', true),
  option('oauth-redirect-uri', 'string'),
  option('oauth-scope', 'string'),
  option('oauth-revoke-url', 'string'),
  option('workspace-user', 'string'),
  option('integration-url', 'string'),
  option('callback-url', 'string'),
  option('callback-listen', 'string'),
  option('webhook-secret', 'string', true),
  option('reference-db', 'string'),
  option('audio-base-url', 'string'),
  option('transcript-meeting-id', 'string'),
  option('only', 'list'),
  option('exclude', 'list'),
  option('profile', 'string'),
  option('reporter', 'list'),
  option('out', 'string'),
  option('baseline', 'string'),
  option('seed', 'number'),
  option('timeout', 'number'),
  option('retries', 'number'),
  option('min-coverage', 'number'),
  option('proto', 'multiple'),
  option('proto-stream-message', 'string'),
  option('parley-choices', 'boolean'),
];

/** --config FILE (or PARLEY_CONFIG): where the file's keys come from; not itself a key of it. */
export const CONFIG_OPTION = { flag: 'config', env: variable('config') } as const;

export type OptionValues = Record<string, string | boolean | string[] | undefined>;

export interface ResolvedOptions {
  values: OptionValues;
  positionals: string[];
  help: boolean;
  /** How an error names an option: the flag, the variable or the file's key it came from. */
  label: (flag: string) => string;
}

/** A variable's text as the flag's value; an empty variable is not set (CI passes unset inputs so). */
function fromEnv(option: KitOption, text: string): string | boolean | string[] {
  if (option.kind === 'boolean') {
    if (text !== 'true' && text !== 'false')
      throw new UsageError(`${option.env} must be true or false, not ${text}`);
    return text === 'true';
  }
  // One file a line or separated by spaces (the Action's multi-line input).
  if (option.kind === 'multiple') return text.split(/\s+/).filter(Boolean);
  return text;
}

/** The command's options from its argv, then the environment, then the --config file. */
export function resolveOptions(argv: string[], env: NodeJS.ProcessEnv): ResolvedOptions {
  const { values: parsed, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...Object.fromEntries(
        KIT_OPTIONS.map((o) => [
          o.flag,
          o.kind === 'boolean'
            ? { type: 'boolean' as const }
            : { type: 'string' as const, ...(o.kind === 'multiple' ? { multiple: true } : {}) },
        ]),
      ),
      config: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const flags = parsed as Record<string, string | boolean | string[] | undefined>;
  const origin = new Map<string, string>();
  const label = (flag: string) => origin.get(flag) ?? `--${flag}`;
  // --help prints the usage whatever the rest says (a config file that does not parse included).
  if (flags.help === true) return { values: {}, positionals, help: true, label };
  const configPath = (flags.config as string | undefined) || env[CONFIG_OPTION.env] || undefined;
  const file = configPath ? readConfigFile(configPath, KIT_OPTIONS, env) : {};
  const values: OptionValues = {};
  for (const option of KIT_OPTIONS) {
    const given = flags[option.flag];
    const text = env[option.env];
    if (given !== undefined) {
      values[option.flag] = given;
      origin.set(option.flag, `--${option.flag}`);
    } else if (text) {
      values[option.flag] = fromEnv(option, text);
      origin.set(option.flag, option.env);
    } else if (file[option.flag] !== undefined) {
      values[option.flag] = file[option.flag];
      origin.set(option.flag, `${option.key} in ${configPath}`);
    }
  }
  return { values, positionals, help: false, label };
}
