import { ApiError } from '../../core/api-error.js';
import type { OutboundClient } from '../../net/outbound-client.js';
import { OutboundError, OutboundTimeoutError } from '../../net/outbound-errors.js';
import type { PageContent } from './workspace-page.js';

// Notion's public API, the one call the upload makes: POST {base}/v1/pages with the user's access
// token. Failures become the service's errors: no answer in time is 504 UPSTREAM_TIMEOUT; a refused
// request, an unreachable host or an answer without a page URL is 502 UPSTREAM_FAILED, with
// Notion's own error code and message when it sent one (they tell the user what to fix, such as a
// page not shared with the integration).

export interface NotionApiOptions {
  baseUrl: string;
  /** The Notion-Version header. */
  version: string;
  timeoutMs: number;
  outbound: OutboundClient;
}

/** Where the new page goes: under a page, or at the workspace's top level (public integrations only). */
export type NotionParent = { type: 'page_id'; page_id: string } | { type: 'workspace'; workspace: true };

/** Largest answer read back; a created page object is a few KB. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

export async function createNotionPage(
  options: NotionApiOptions,
  accessToken: string,
  parent: NotionParent,
  page: PageContent,
): Promise<{ url: string }> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/pages`;
  let res: Awaited<ReturnType<OutboundClient['request']>>;
  try {
    res = await options.outbound.request({
      url,
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'notion-version': options.version,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ parent, properties: page.properties, children: page.children }),
      timeoutMs: options.timeoutMs,
      maxBytes: MAX_RESPONSE_BYTES,
    });
  } catch (error) {
    if (error instanceof OutboundTimeoutError) {
      throw new ApiError(
        'UPSTREAM_TIMEOUT',
        `The workspace API did not answer within ${options.timeoutMs} ms`,
        {
          cause: error,
        },
      );
    }
    if (error instanceof OutboundError) {
      throw new ApiError('UPSTREAM_FAILED', `The workspace API could not be reached: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
  const body = parseJson(res.body);
  if (res.status < 200 || res.status > 299) {
    const detail = notionError(body);
    throw new ApiError(
      'UPSTREAM_FAILED',
      `The workspace API refused the page (HTTP ${res.status}${detail ? `, ${detail}` : ''})`,
    );
  }
  const pageUrl = (body as { url?: unknown } | undefined)?.url;
  if (typeof pageUrl !== 'string' || !/^https?:\/\//.test(pageUrl)) {
    throw new ApiError('UPSTREAM_FAILED', 'The workspace API created no page URL in its answer');
  }
  return { url: pageUrl };
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** "code: message" of a Notion error object ({object:"error", status, code, message}). */
function notionError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message } = body as { code?: unknown; message?: unknown };
  const parts = [code, message].filter((p): p is string => typeof p === 'string' && p !== '');
  return parts.length > 0 ? parts.join(': ').slice(0, 500) : undefined;
}
