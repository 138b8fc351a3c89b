import { MAIL_JOB } from '../services/mail/mail.service.js';
import type { MailTransport } from '../services/mail/mail.transport.js';
import type { NewMail } from '../store/mail.store.js';
import { type JobHandler, PermanentJobError } from './job-worker.js';

// The `mail` job: one message to one recipient, stored whole in the job's payload when the change
// that called for it was committed. Delivery is at least once: a crash between sending and marking
// the job done sends the message again on the retry.

export function mailJobHandler(transport: MailTransport): JobHandler {
  return async (payload) => {
    const mail = payload as Partial<NewMail>;
    if (typeof mail.to_address !== 'string' || !mail.to_address.includes('@')) {
      throw new PermanentJobError('mail job without a recipient address');
    }
    if (typeof mail.subject !== 'string' || typeof mail.body_text !== 'string') {
      throw new PermanentJobError('mail job without subject or body');
    }
    await transport.send({
      to_address: mail.to_address,
      subject: mail.subject,
      body_text: mail.body_text,
      body_html: mail.body_html ?? null,
      kind: mail.kind ?? MAIL_JOB,
      meeting_id: mail.meeting_id ?? null,
      user_id: mail.user_id ?? null,
    });
  };
}
