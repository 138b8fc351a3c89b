import type { NewMail } from '../../store/mail.store.js';
import type { Store } from '../../store/store.js';

// How a queued e-mail leaves the server. The reference server's transport is the mail outbox
// table, which the emulator lists at GET /_emulator/mail: tests and developers see exactly what a
// participant would have received, and nothing reaches a real mailbox. A deployment that must
// really send plugs an SMTP or API transport in here; the outbox job and its retries stay the same.

export interface MailTransport {
  /** Delivers one message; throws when it could not (the job is then retried). */
  send(mail: NewMail): Promise<void>;
}

export function outboxMailTransport(store: Store): MailTransport {
  return {
    async send(mail) {
      await store.mail.insert({ ...mail, to_address: mail.to_address.toLowerCase() });
    },
  };
}
