/** One hook subscription of the partner interface (migration 0011, a Parley extension). */
export interface HookSubscriptionsTable {
  id: string;
  /** Whose events: deliveries carry only what this user may see. */
  user_id: string;
  /** The OAuth client the subscribing token was issued to; its secret signs the deliveries. */
  client_id: string;
  /** The OAuth grant it was made under (migration 0013); a revoked grant ends its deliveries. */
  grant_id: string | null;
  event: string;
  target_url: string;
  created_us: number;
}
