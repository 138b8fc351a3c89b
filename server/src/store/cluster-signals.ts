import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { ClusterSignals, ClusterTopic } from '../core/cluster-signals.js';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './connect.js';
import type { Database, Dialect } from './database.js';

// ClusterSignals over PostgreSQL's LISTEN/NOTIFY: one dedicated connection listens (a pooled one
// cannot: LISTEN belongs to a session), signals are sent with pg_notify through the pool. NOTIFY is
// per database, so servers on other databases of the same cluster never hear each other. A lost
// listening connection is reopened after a pause, and `onGap` handlers run once it is back.

const CHANNEL = 'parley_signals';
const RECONNECT_MS = 1_000;
/** How long publish waits to hear its own signal back before it gives up waiting (not sending). */
const ECHO_WAIT_MS = 2_000;
/** How long sync waits for its marker: a busy machine (load 19) has delayed delivery past 2 s. */
const SYNC_WAIT_MS = 10_000;

/** The marker sync sends itself; no handler subscribes to it. */
type Topic = ClusterTopic | 'sync';

interface Envelope {
  origin: string;
  seq: number;
  topic: Topic;
  data: string;
}

type Handlers = Map<ClusterTopic, ((data: string) => void)[]>;

/** Signals among the processes sharing the database: NOTIFY on PostgreSQL, this process on SQLite. */
export async function openClusterSignals(options: {
  databaseUrl: string | undefined;
  dialect: Dialect;
  db: Kysely<Database>;
  timeouts?: DatabaseTimeouts;
  onError?: (error: unknown) => void;
}): Promise<ClusterSignals> {
  if (options.dialect !== 'postgres' || !options.databaseUrl) return localSignals();
  const signals = new PostgresSignals(
    options.databaseUrl,
    options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS,
    options.db,
    options.onError ?? (() => {}),
  );
  await signals.listen();
  return signals;
}

function localSignals(): ClusterSignals {
  const handlers: Handlers = new Map();
  return {
    async publish(topic, data) {
      run(handlers, topic, data);
    },
    async sync() {},
    subscribe: (topic, handler) => add(handlers, topic, handler),
    onGap() {},
    async close() {},
  };
}

class PostgresSignals implements ClusterSignals {
  private readonly origin = randomUUID();
  private readonly handlers: Handlers = new Map();
  private readonly gapHandlers: (() => void)[] = [];
  private readonly echoes = new Map<number, () => void>();
  private client: pg.Client | undefined;
  private seq = 0;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly timeouts: DatabaseTimeouts,
    private readonly db: Kysely<Database>,
    private readonly onError: (error: unknown) => void,
  ) {}

  async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: this.timeouts.connectMs,
    });
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, undefined));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  async publish(topic: ClusterTopic, data: string): Promise<void> {
    run(this.handlers, topic, data);
    await this.send(topic, data, ECHO_WAIT_MS);
  }

  // PostgreSQL delivers notifications to a listener in commit order, so once this process hears
  // its own marker back, every signal committed before the marker has been received and handled
  // (receive runs handlers synchronously). Without a listening connection there is nothing to wait
  // for: the gap handlers run when it is back.
  async sync(): Promise<void> {
    await this.send('sync', '', SYNC_WAIT_MS);
  }

  private async send(topic: Topic, data: string, waitMs: number): Promise<void> {
    const seq = ++this.seq;
    const envelope: Envelope = { origin: this.origin, seq, topic, data };
    const heard = this.client ? this.echo(seq, waitMs) : Promise.resolve();
    await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(envelope)})`.execute(this.db);
    await heard;
  }

  subscribe(topic: ClusterTopic, handler: (data: string) => void): void {
    add(this.handlers, topic, handler);
  }

  onGap(handler: () => void): void {
    this.gapHandlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    for (const resolve of this.echoes.values()) resolve();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private echo(seq: number, waitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), waitMs);
      const done = () => {
        clearTimeout(timer);
        this.echoes.delete(seq);
        resolve();
      };
      this.echoes.set(seq, done);
    });
  }

  private receive(payload: string | undefined): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload ?? '') as Envelope;
    } catch (error) {
      this.onError(error);
      return;
    }
    if (envelope.origin === this.origin) {
      this.echoes.get(envelope.seq)?.();
      return;
    }
    run(this.handlers, envelope.topic, envelope.data);
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    for (const resolve of this.echoes.values()) resolve();
    if (error) this.onError(error);
    client.end().catch(() => {});
    this.reconnect();
  }

  private reconnect(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => {
      this.listen().then(
        () => {
          for (const handler of this.gapHandlers) handler();
        },
        (error: unknown) => {
          this.onError(error);
          this.reconnect();
        },
      );
    }, RECONNECT_MS);
    this.retry.unref();
  }
}

function add(handlers: Handlers, topic: ClusterTopic, handler: (data: string) => void): void {
  handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
}

function run(handlers: Handlers, topic: Topic, data: string): void {
  if (topic === 'sync') return;
  for (const handler of handlers.get(topic) ?? []) handler(data);
}
