/**
 * A request's client going away. The response's `close` event fires once the response is sent or
 * its connection is gone; before the response has finished, it means the client hung up (or the
 * socket broke), and whatever the handler is still doing for it is wasted.
 */
import type { ServerResponse } from 'node:http';

/** Aborts when the connection closes before the response has been sent in full. */
export function clientGoneSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const closed = () => {
    if (!response.writableFinished) controller.abort(new Error('the client closed the connection'));
  };
  if (response.destroyed || response.socket?.destroyed) closed();
  else response.once('close', closed);
  return controller.signal;
}
