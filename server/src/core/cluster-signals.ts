// Signals every server process sharing one database must act on: the emulator's reset (drop kept
// renderings and cached meeting data) and its fault switches. On PostgreSQL they travel by
// LISTEN/NOTIFY (store/cluster-signals.ts); on SQLite there is one process and they stay in it.

export type ClusterTopic = 'reset' | 'faults';

export interface ClusterSignals {
  /**
   * Runs the topic's handlers in this process, then sends the signal to every other process. It
   * resolves once this process has heard its own signal back from the database, by when the
   * others have been sent it too.
   */
  publish(topic: ClusterTopic, data: string): Promise<void>;
  /** `handler` runs for every signal of the topic, this process's own included. */
  subscribe(topic: ClusterTopic, handler: (data: string) => void): void;
  /**
   * Resolves once every signal another process published before this call has been handled here:
   * a read that must see the cluster's latest switches (the emulator's fault list) waits on it.
   */
  sync(): Promise<void>;
  /**
   * `handler` runs when signals may have been missed (the listening connection was lost and is
   * back): drop whatever a missed signal would have dropped.
   */
  onGap(handler: () => void): void;
  close(): Promise<void>;
}
