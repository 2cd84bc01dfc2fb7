/**
 * The HTTP front: routing (find-my-way), authentication, capability checks, body limits, and the
 * error model. Every response is JSON (or 204) and carries `X-Axiom-Trace-Id` and limit headers;
 * nothing a client sends can take the process down.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import FindMyWay from 'find-my-way';
import { stringifyExact } from '../../wire/exactJson.ts';
import { describeCapability, holds } from '../auth/capabilities.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Services } from '../services.ts';
import { clientGoneSignal } from './abort.ts';
import { limitedBody, readJson } from './body.ts';
import { limitHeaders } from './limits.ts';
import { retryAfterSeconds, type Readiness } from './readiness.ts';
import { HttpError, type Capability, type Reply, type RequestContext, type Route } from './types.ts';

export interface HttpServerOptions {
  host: string;
  port: number;
  routes: readonly Route[];
  services: Services;
  authenticator: Authenticator;
  /** Until it is ready every request answers 503 with Retry-After; absent: ready from the start. */
  readiness?: Readiness;
  /** Called with errors that are the service's fault (answered as 500). */
  onInternalError?: (error: unknown, request: { method: string; path: string }) => void;
}

export interface RunningHttpServer {
  server: Server;
  /** `http://host:port` with the bound port. */
  url: string;
  close(): Promise<void>;
}

export function createRequestListener(options: Omit<HttpServerOptions, 'host' | 'port'>) {
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 1000 });
  for (const route of options.routes) router.on(route.method, route.path, () => undefined, route);

  return (request: IncomingMessage, response: ServerResponse): void => {
    const traceId = randomBytes(16).toString('hex');
    const url = new URL(request.url ?? '/', 'http://local');
    const method = request.method ?? 'GET';
    const path = url.pathname;
    const headers = { 'X-Axiom-Trace-Id': traceId, ...limitHeaders(path) };
    // A reply whose body cannot be written as JSON is the service's fault: it becomes a 500, not a dropped connection.
    handle(request, response, method, url, router, options)
      .then(encode)
      .catch((error: unknown) => encode(replyForError(error, method, path, options)))
      .then((reply) => send(response, reply, headers))
      .catch(() => response.destroy());
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  method: string,
  url: URL,
  router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>,
  options: Omit<HttpServerOptions, 'host' | 'port'>,
): Promise<Reply> {
  options.readiness?.check();
  const found = router.find(method as FindMyWay.HTTPMethod, url.pathname);
  if (!found) throw new HttpError(404, `route ${method} ${url.pathname} not found`);
  const route = found.store as Route;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(found.params)) if (value !== undefined) params[key] = value;

  const principal = await options.authenticator.authenticate(request.headers, route.orgHeaderOptional ?? false);
  const authorize = (capability: Capability, dataset?: string) => {
    if (!holds(principal, capability, dataset)) throw forbidden(capability, dataset);
  };
  if (route.capability) authorize(route.capability, route.capability.kind === 'dataset' ? params.id : undefined);

  let consumed = false;
  const body = () => {
    if (consumed) throw new Error('request body read twice');
    consumed = true;
    return limitedBody(request, options.services.config.maxBodyBytes);
  };
  const context: RequestContext = {
    method,
    path: url.pathname,
    params,
    query: url.searchParams,
    headers: request.headers,
    principal,
    body,
    json: async <T>() => (await readJson(body())) as T,
    authorize,
    services: options.services,
    signal: clientGoneSignal(response),
  };
  return route.handler(context);
}

function forbidden(capability: Capability, dataset: string | undefined): HttpError {
  const where = capability.kind === 'dataset' ? ` on dataset "${dataset ?? 'any'}"` : '';
  return new HttpError(403, `forbidden: the token lacks the capability ${describeCapability(capability)}${where}`);
}

function replyForError(
  error: unknown,
  method: string,
  path: string,
  options: Omit<HttpServerOptions, 'host' | 'port'>,
): Reply {
  if (error instanceof HttpError) {
    const body = { code: error.status, message: error.message, ...(error.detail ? { detail: error.detail } : {}) };
    const reply: Reply = { status: error.status, body };
    if (error.status === 503) reply.headers = { 'Retry-After': String(retryAfterSeconds) };
    return reply;
  }
  options.onInternalError?.(error, { method, path });
  return { status: 500, body: { code: 500, message: 'internal server error' } };
}

/** A reply with its body written out. */
interface EncodedReply extends Omit<Reply, 'body'> {
  payload?: Buffer;
}

function encode(reply: Reply): EncodedReply {
  const { body, ...rest } = reply;
  if (reply.status === 204 || body === undefined) return rest;
  return { ...rest, payload: Buffer.from(stringifyExact(body), 'utf8') };
}

function send(response: ServerResponse, reply: EncodedReply, common: Record<string, string>): void {
  const headers: Record<string, string> = { ...common, ...reply.headers };
  // A reply before the whole body arrived (an error found early) ends the connection: the body's
  // reader may already have destroyed the request, and a client reusing the socket would meet a reset.
  if (!response.req.complete) headers.Connection = 'close';
  if (reply.payload === undefined) {
    response.writeHead(reply.status, headers);
    response.end();
  } else {
    response.writeHead(reply.status, {
      'Content-Type': 'application/json',
      'Content-Length': String(reply.payload.byteLength),
      ...headers,
    });
    response.end(reply.payload);
  }
  if (headers.Connection === 'close') response.once('finish', () => response.req.destroy());
}

export function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const server = createServer(createRequestListener(options));
  // Stray socket errors (clients hanging up mid-request) must not reach the process.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        server,
        url: `http://${host}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
