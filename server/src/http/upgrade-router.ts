import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

// WebSocket upgrades, routed by path (the live STT stream registers `/v1/stt/stream`). A path with no
// handler is refused with a plain HTTP 404 before any WebSocket handshake.

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export function routeUpgrades(server: Server, handlers: Record<string, UpgradeHandler>): void {
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const handler = handlers[path];
    if (handler) return handler(req, socket, head);
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
}
