import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import { ApiError } from '../core/api-error.js';
import { sendError } from './error-response.js';
import { NO_FRAMING } from './reply.js';

// The answer of a `file` route: a file on disk, sent by `send` (the library under Express's static
// files) with byte ranges, conditional requests (ETag, Last-Modified) and HEAD. A file of a
// packaged directory is named by the request's rest of path under `root`; `send` decodes it and keeps
// it inside `root` (a `..` is 403). Dotfiles and directories are 404, as a missing file is.

export interface FileReplyOptions {
  /** The directory a relative `path` (a %-escaped URL path) is inside; absent for an absolute path. */
  root?: string;
  /** What the 404 names: "File", "Fixture". */
  what: string;
  /** Content-Type when the extension does not say it (send guesses by extension otherwise). */
  contentType?: string;
}

export class FileReply {
  constructor(
    readonly path: string,
    readonly options: FileReplyOptions,
  ) {}
}

export function sendFile(req: IncomingMessage, res: ServerResponse, reply: FileReply): void {
  const { root, what, contentType } = reply.options;
  // send reads its path as a URL path; an absolute file path is escaped first, as Express's sendFile does.
  const path = root ? reply.path : encodeURI(reply.path);
  // Cache-Control is the route's, from the catalog (route-kit.ts), so send adds none of its own.
  const stream = send(req, path, {
    ...(root ? { root } : {}),
    dotfiles: 'ignore',
    index: false,
    etag: true,
    cacheControl: false,
  });
  stream.on('headers', (response: ServerResponse, file: string) => {
    if (contentType) response.setHeader('Content-Type', contentType);
    if (file.endsWith('.html'))
      for (const [name, value] of Object.entries(NO_FRAMING)) response.setHeader(name, value);
  });
  stream.on('directory', () => sendError(res, ApiError.notFound(what)));
  stream.on('error', (error: Error & { status?: number; headers?: Record<string, string> }) => {
    if (res.headersSent) return void res.destroy(error);
    switch (error.status) {
      case 400:
        return sendError(res, ApiError.badRequest(`${what} path is not valid`));
      case 403:
        return sendError(res, ApiError.forbidden(`${what} path is not allowed`));
      case 404:
        return sendError(res, ApiError.notFound(what));
      case 412: // If-Match or If-Unmodified-Since failed
      case 416: // a range past the end; its Content-Range says the size
        res.writeHead(error.status, error.headers ?? {}).end();
        return;
      default:
        sendError(res, error);
    }
  });
  stream.pipe(res);
}
