import { ApiError } from '../../core/api-error.js';
import type { MeetingChatMessage } from '../../engines/llm/llm.engine.js';
import type { OutboundClient } from '../../net/outbound-client.js';
import { OutboundContentError, OutboundError, OutboundUpstreamError } from '../../net/outbound-errors.js';

// attachment_urls of ask-ai-for-meeting: each URL is downloaded through the outbound client (SSRF
// guard, deadline, byte ceiling) and, when it is text, handed to the engine beside the meeting's
// chat as "Attachment <name>: …". A URL the server must not fetch (not http(s), or leading to a
// private, loopback or metadata address: the SSRF guard) fails the question with a 400 naming it,
// before anything is stored. Any other attachment that cannot be read (not text, too big,
// unreachable) does not fail the question; the plan records why it was left out.

export const ATTACHMENT_LIMITS = {
  count: 10,
  bytes: 1024 * 1024,
  timeoutMs: 15_000,
  /** Characters of one attachment given to the engine. */
  chars: 100_000,
} as const;

const TEXT_TYPES = [
  /^text\//,
  /^application\/(json|xml|x-yaml|yaml|markdown|x-markdown|csv|x-ndjson)$/,
  /\+(json|xml)$/,
];

export interface AttachmentOutcome {
  url: string;
  /** True when its text went to the engine. */
  read: boolean;
  detail: string;
}

export interface ReadAttachments {
  messages: MeetingChatMessage[];
  outcomes: AttachmentOutcome[];
}

export async function readAttachments(
  client: OutboundClient,
  urls: readonly string[],
): Promise<ReadAttachments> {
  const messages: MeetingChatMessage[] = [];
  const outcomes: AttachmentOutcome[] = [];
  for (const [index, url] of urls.entries()) {
    if (index >= ATTACHMENT_LIMITS.count) {
      outcomes.push({
        url,
        read: false,
        detail: `only the first ${ATTACHMENT_LIMITS.count} attachments are read`,
      });
      continue;
    }
    try {
      const text = await fetchText(client, url);
      const cut = text.length > ATTACHMENT_LIMITS.chars;
      messages.push({ sender_id: `Attachment ${nameOf(url)}`, text: text.slice(0, ATTACHMENT_LIMITS.chars) });
      outcomes.push({
        url,
        read: true,
        detail: `${text.length} characters${cut ? `, first ${ATTACHMENT_LIMITS.chars} used` : ''}`,
      });
    } catch (error) {
      // The caller's mistake, said as such: the URL is refused, not merely left unread.
      if (error instanceof OutboundError && error.code === 'BAD_REQUEST') {
        throw ApiError.badRequest(`attachment_urls[${index}]: ${error.message}`);
      }
      outcomes.push({ url, read: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return { messages, outcomes };
}

async function fetchText(client: OutboundClient, url: string): Promise<string> {
  const res = await client.request({
    url,
    headers: { accept: 'text/*, application/json;q=0.9, */*;q=0.1' },
    timeoutMs: ATTACHMENT_LIMITS.timeoutMs,
    maxBytes: ATTACHMENT_LIMITS.bytes,
    onHead: ({ status, headers, url: at }) => {
      if (status < 200 || status > 299) throw new OutboundUpstreamError(`HTTP ${status}`, at, status);
      const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!TEXT_TYPES.some((pattern) => pattern.test(type))) {
        throw new OutboundContentError(`${type || 'no content type'} is not a text type`, at);
      }
    },
  });
  return res.body.toString('utf8');
}

/** The last path segment, else the host: enough for a reader to tell attachments apart. */
function nameOf(url: string): string {
  try {
    const parsed = new URL(url);
    return decodeURIComponent(parsed.pathname.split('/').filter(Boolean).at(-1) ?? '') || parsed.host;
  } catch {
    return url;
  }
}
