import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { UsageError } from './usage-error.js';

// The --config file: JSON or YAML (YAML 1.2 reads JSON as it is), a mapping of the command's options
// by their long flag in camelCase (baseUrl, apiKey, oauthClient, …). `${VAR}` in a value is that
// environment variable, so the file can be committed while the secrets stay in the CI's variables;
// `$$` is a literal `$`. An unset variable, an unknown key or a value of the wrong type is a usage
// error (exit 2) naming the key: a run never goes on with part of its configuration ignored.

/** string: one value; list: comma-separated (an array in the file); number: validated by the CLI. */
export type OptionKind = 'string' | 'list' | 'number' | 'boolean' | 'multiple';

/** What the file is read against: an option's flag, its key and the kind of its value. */
export interface ConfigKey {
  flag: string;
  kind: OptionKind;
  key?: string;
}

const REFERENCE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function expand(text: string, where: string, env: NodeJS.ProcessEnv): string {
  return text.replace(REFERENCE, (_match, name: string | undefined) => {
    if (name === undefined) return '$';
    const value = env[name];
    if (value === undefined) throw new UsageError(`${where} names \${${name}}, which is not set`);
    return value;
  });
}

const typeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

/** One key's value as the flag's would be (a string, a boolean, or strings for a repeated flag). */
function flagValue(
  option: ConfigKey,
  value: unknown,
  where: string,
  env: NodeJS.ProcessEnv,
): string | boolean | string[] {
  const strings = (list: unknown[]) =>
    list.map((item, i) => {
      if (typeof item !== 'string')
        throw new UsageError(`${where}[${i}] must be a string, not ${typeOf(item)}`);
      return expand(item, where, env);
    });
  switch (option.kind) {
    case 'boolean':
      if (typeof value === 'boolean') return value;
      throw new UsageError(`${where} must be true or false, not ${typeOf(value)}`);
    case 'multiple':
      if (Array.isArray(value)) return strings(value);
      throw new UsageError(`${where} must be an array of strings (the flag repeats), not ${typeOf(value)}`);
    case 'list':
      if (Array.isArray(value)) return strings(value).join(',');
      if (typeof value === 'string') return expand(value, where, env);
      throw new UsageError(`${where} must be a string or an array of strings, not ${typeOf(value)}`);
    case 'number':
      if (typeof value === 'number') return String(value);
      if (typeof value === 'string') return expand(value, where, env);
      throw new UsageError(`${where} must be a number, not ${typeOf(value)}`);
    default:
      if (typeof value === 'string') return expand(value, where, env);
      throw new UsageError(
        `${where} must be a string${typeof value === 'number' ? ' (quote it)' : ''}, not ${typeOf(value)}`,
      );
  }
}

/** The file's values by flag name (`apiKey` → `api-key`). */
export function readConfigFile(
  path: string,
  options: readonly ConfigKey[],
  env: NodeJS.ProcessEnv,
): Record<string, string | boolean | string[]> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--config ${path} cannot be read: ${(error as Error).message}`);
  }
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new UsageError(`--config ${path} is neither JSON nor YAML: ${(error as Error).message}`);
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document))
    throw new UsageError(`--config ${path} must be a mapping of options (baseUrl, apiKey, …)`);
  const values: Record<string, string | boolean | string[]> = {};
  for (const [key, value] of Object.entries(document)) {
    const option = options.find((o) => o.key === key);
    if (!option) {
      const meant = options.find((o) => o.flag === key || o.key?.toLowerCase() === key.toLowerCase());
      throw new UsageError(
        `--config ${path}: unknown key ${key}${meant ? ` (did you mean ${meant.key}?)` : ''}; the keys are the long flags in camelCase: ${options.map((o) => o.key).join(', ')}`,
      );
    }
    values[option.flag] = flagValue(option, value, `${key} in ${path}`, env);
  }
  return values;
}
