import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_DEFAULTS, type Config } from './config.js';
import { PG_CONNECT_TIMEOUT_WORDS, UNREACHABLE_CODES } from './database-unavailable.js';

// Why a start failed, in one sentence naming the setting to change: main.ts prints it and exits 2
// (as for a bad value, ConfigError). Each check runs where its step runs (the data directory and
// FFMPEG_PATH before anything is built, the database in buildServer, the address at listen), so a
// failure is named by the step that saw it rather than guessed from an error's text afterwards.

export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** The error's own words: the code and message Node or the database gave, first of several if grouped. */
function wordsOf(error: unknown): string {
  const first = error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;
  if (!(first instanceof Error)) return String(first);
  return first.message || (first as NodeJS.ErrnoException).code || first.name;
}

/** PARLEY_DATA_DIR can be created and written (the SQLite file, produced files and secrets live there). */
export function checkDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new StartupError(
      `PARLEY_DATA_DIR ${dir} cannot be created (${wordsOf(error)}): set PARLEY_DATA_DIR to a directory this user may create or write.`,
    );
  }
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new StartupError(
      `PARLEY_DATA_DIR ${dir} is not writable (${wordsOf(error)}): set PARLEY_DATA_DIR to a directory this user may write.`,
    );
  }
}

/** FFMPEG_PATH, when set, names an executable (the audio engine every speech route needs). */
export function checkFfmpegPath(path: string | undefined): void {
  if (path === undefined) return;
  try {
    accessSync(path, constants.X_OK);
  } catch (error) {
    throw new StartupError(
      `FFMPEG_PATH ${path} is not an executable ffmpeg (${wordsOf(error)}): install ffmpeg there, or unset FFMPEG_PATH to use the bundled one.`,
    );
  }
}

/** The database that `config` names, without its password: `PostgreSQL at host:port, database x`. */
function databaseOf(config: Config): string {
  const url = config.databaseUrl;
  if (!url) return `SQLite in PARLEY_DATA_DIR ${config.dataDir}`;
  if (url.startsWith('sqlite:')) return `SQLite ${url.slice('sqlite:'.length)}`;
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}, database ${decodeURIComponent(parsed.pathname.slice(1)) || '(the user’s)'}`;
  } catch {
    return 'PostgreSQL (an unparsable URL)';
  }
}

/** The database could not be opened or migrated: which one (no password), and the database's own words. */
export function databaseFailure(config: Config, error: unknown): StartupError {
  const setting = config.databaseUrl ? 'DATABASE_URL' : 'PARLEY_DATA_DIR';
  // The migrator wraps what the database said (store/migrations/index.ts): name the migration, quote the cause.
  const migration =
    error instanceof Error ? /^Database migration (\S+) failed/.exec(error.message)?.[1] : undefined;
  if (config.databaseUrl && chainOf(error).some((e) => PG_CONNECT_TIMEOUT_WORDS.test(e.message))) {
    const ms = config.databaseConnectTimeoutMs ?? CONFIG_DEFAULTS.databaseConnectTimeoutMs;
    return new StartupError(
      `DATABASE_URL (${databaseOf(config)}) did not answer within ${ms} ms (PARLEY_DB_CONNECT_TIMEOUT_MS): fix the database, set DATABASE_URL to another, or raise PARLEY_DB_CONNECT_TIMEOUT_MS.`,
    );
  }
  while (error instanceof Error && error.cause !== undefined) error = error.cause;
  let words = `${migration ? `migration ${migration}: ` : ''}${wordsOf(error)}`;
  const password = config.databaseUrl?.match(/^[a-z]+:\/\/[^:/@]*:([^@]*)@/i)?.[1];
  if (password) words = words.replaceAll(password, '***').replaceAll(decodeURIComponent(password), '***');
  const code =
    (error as NodeJS.ErrnoException).code ?? (error as { errors?: { code?: string }[] }).errors?.[0]?.code;
  const what = code && UNREACHABLE_CODES.has(code) ? 'cannot be reached' : 'could not be opened and migrated';
  return new StartupError(
    `${setting} (${databaseOf(config)}) ${what}: ${words.replace(/\.$/, '')}; fix the database or set ${setting} to another.`,
  );
}

/** The error and its causes, outermost first. */
function chainOf(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let e = error; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  return chain;
}

/** The HTTP server could not listen: PORT when the port is the cause, HOST otherwise. */
export function listenFailure(port: number, host: string, error: unknown): StartupError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new StartupError(
      `PORT ${port} is already in use on ${host}: stop what listens there, or set PORT to another port (0 picks a free one).`,
    );
  if (code === 'EACCES' && port < 1024)
    return new StartupError(
      `PORT ${port} needs root on this machine (${wordsOf(error)}): set PORT to 1024 or above.`,
    );
  return new StartupError(
    `HOST ${host} cannot be listened on (${wordsOf(error)}): set HOST to an address of this machine (127.0.0.1, or 0.0.0.0 for every interface).`,
  );
}
