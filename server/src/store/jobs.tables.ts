// Tables of work done after a request: the job queue and the mail outbox. Conventions: database.ts.

export interface JobsTable {
  id: string;
  /** e.g. `callback`, `mail`, `generate-document`. */
  kind: string;
  /** JSON */
  payload: string;
  /** `pending`, `running`, `done`, `failed`. */
  status: string;
  attempts: number;
  run_after_us: number;
  last_error: string | null;
  created_us: number;
  updated_us: number;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  /** What produced it, e.g. `summary`, `followup`. */
  kind: string;
  meeting_id: string | null;
  user_id: string | null;
  created_us: number;
}
