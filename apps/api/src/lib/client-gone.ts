import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Aborted once the client's connection closes before its answer is written: the person has gone.
 * A busy server may reach the handler after the connection already closed, when no 'close' is left
 * to come, so a connection closed by then aborts at once.
 */
export function clientGone(request: IncomingMessage, response: ServerResponse): AbortSignal {
  const left = new AbortController();
  const gone = () => {
    if (!response.writableFinished) left.abort();
  };
  // The socket, not the request: a request whose body has been read is destroyed in any case.
  if (request.socket.destroyed) gone();
  else response.once('close', gone);
  return left.signal;
}
