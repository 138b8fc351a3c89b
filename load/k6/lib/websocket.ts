// The one import of k6's WebSocket module: another k6 version with another module path needs this
// line changed and nothing else.
export { WebSocket } from 'k6/websockets';
