import { io, type Socket } from 'socket.io-client';
import { create } from './createStore';
import type { Ack, ClientToServerEvents, ErrorCode, ServerToClientEvents } from '@freight/shared';
import { apiRequest } from './api';
import { afterServerAnswers } from './serverData';

/** The code of a refused connection (the server's `data.code`, DESIGN §6): the web branches on it, not on the text. */
const refusalCode = (err: Error) => (err as Error & { data?: { code?: ErrorCode } }).data?.code ?? null;

/**
 * The one socket module (DESIGN §7). It connects after sign-in and disconnects on sign-out; feature stores subscribe
 * to server events with `onSocketEvent`, refetch what they show with `onReconnect`, and fall back to polling while
 * `useSocketStore` says the socket is down.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type SocketConnectionStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

interface SocketState {
  status: SocketConnectionStatus;
  connected: boolean;
}

/** Connection state for components and the polling fallback. */
export const useSocketStore = create<SocketState>(() => ({ status: 'idle', connected: false }));

/** While the socket is not connected, what screens show is read again this often (issue 25). */
export const SCREEN_POLL_MS = 30_000;
let screenPoll: number | null = null;

function setStatus(status: SocketConnectionStatus): void {
  useSocketStore.setState({ status, connected: status === 'connected' });
  // The fallback runs whenever a signed-in socket is not connected: never connected (a proxy that blocks
  // /socket.io), refused, or dropped. It stops on connect, where the reconnect handlers catch up once more.
  const polling = status === 'connecting' || status === 'disconnected';
  if (polling && screenPoll === null && typeof window !== 'undefined') {
    screenPoll = window.setInterval(runReconnectHandlers, SCREEN_POLL_MS);
  } else if (!polling && screenPoll !== null) {
    window.clearInterval(screenPoll);
    screenPoll = null;
  }
}

type ServerEventName = keyof ServerToClientEvents;
type AnyHandler = (...args: unknown[]) => void;

const eventHandlers = new Map<string, Set<AnyHandler>>();
const reconnectHandlers = new Set<() => void>();

let socket: AppSocket | null = null;
let hasConnectedBefore = false;
let connectStartedAt = 0;

function dispatch(event: string, args: unknown[]): void {
  const handlers = eventHandlers.get(event);
  if (!handlers) return;
  for (const handler of [...handlers]) {
    try {
      handler(...args);
    } catch (err) {
      console.error(`socket handler for ${event} failed`, err);
    }
  }
}

function runReconnectHandlers(): void {
  for (const handler of [...reconnectHandlers]) {
    try {
      handler();
    } catch (err) {
      console.error('socket reconnect handler failed', err);
    }
  }
}

/** After the work a phone is doing now (the first screen): an idle moment, or two seconds at the latest. */
function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2_000 });
  else window.setTimeout(work, 200);
}

/** A page taken over from the server: what it shows is as old as its render, so the first connect catches up. */
let catchUpOnFirstConnect = false;

/** Opens the connection (same origin, session cookie); safe to call again while connected. */
export function connectSocket(): void {
  if (typeof window === 'undefined') return; // a page drawn on the server (issue 24)
  // While a server-rendered page is being taken over, nothing may change its stores: connect once it has been.
  if (afterServerAnswers(connectSocket)) {
    catchUpOnFirstConnect = true;
    return;
  }
  if (socket) {
    if (!socket.connected) socket.connect();
    return;
  }
  connectStartedAt = Date.now();
  setStatus('connecting');
  const created: AppSocket = io({ withCredentials: true, transports: ['websocket', 'polling'] });
  created.on('connect', () => {
    const polledMeanwhile =
      screenPoll !== null && !hasConnectedBefore && Date.now() - connectStartedAt > 2_000;
    setStatus('connected');
    if (hasConnectedBefore || polledMeanwhile) runReconnectHandlers();
    // A page taken over from the server: the catch-up waits for an idle moment (the rooms are joined at once).
    else if (catchUpOnFirstConnect) whenIdle(runReconnectHandlers);
    hasConnectedBefore = true;
    catchUpOnFirstConnect = false;
  });
  created.on('disconnect', (reason) => {
    setStatus('disconnected');
    // The server closed the connection on purpose (for example a restart): the client does not retry by itself.
    if (reason === 'io server disconnect') created.connect();
  });
  created.on('connect_error', (err) => {
    setStatus('disconnected');
    // Refused for want of a session (ended from another device, or by a password reset): the page finds out now,
    // through the one place that owns session loss (apiRequest's 401), instead of at its next request.
    if (refusalCode(err) === 'UNAUTHORIZED') void apiRequest('GET', '/api/auth/user').catch(() => undefined);
  });
  created.onAny((event: string, ...args: unknown[]) => dispatch(event, args));
  socket = created;
}

/** Closes the connection (sign-out); handlers stay registered for the next sign-in. */
export function disconnectSocket(): void {
  if (!socket) return;
  socket.removeAllListeners();
  socket.offAny();
  socket.disconnect();
  socket = null;
  hasConnectedBefore = false;
  setStatus('idle');
}

export function isSocketConnected(): boolean {
  return socket?.connected ?? false;
}

/** Subscribes to one server → client event; returns the unsubscribe function. */
export function onSocketEvent<E extends ServerEventName>(
  event: E,
  handler: ServerToClientEvents[E],
): () => void {
  let handlers = eventHandlers.get(event);
  if (!handlers) {
    handlers = new Set();
    eventHandlers.set(event, handlers);
  }
  const stored = handler as unknown as AnyHandler;
  handlers.add(stored);
  return () => {
    eventHandlers.get(event)?.delete(stored);
  };
}

/** Runs after every reconnect (not the first connect): stores refetch what they show so nothing is missed. */
export function onReconnect(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  return () => {
    reconnectHandlers.delete(handler);
  };
}

type ClientEventName = keyof ClientToServerEvents;
type ClientEventPayload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];
type ClientEventAck<E extends ClientEventName> =
  Parameters<ClientToServerEvents[E]> extends [unknown, (response: infer R) => void] ? R : Ack;

export const ACK_TIMEOUT_MS = 10_000;

/** The failures this client made up (no connection, no answer in time), as opposed to the server's refusals. */
const transportFailures = new WeakSet<object>();
function transportFailure(message: string) {
  const error = { code: 'INTERNAL_ERROR' as const, message };
  transportFailures.add(error);
  return { ok: false as const, error };
}

/** The ack failed for want of a connection (not a refusal): the same request may go over HTTP instead. */
export const isTransportFailure = (ack: Ack<unknown>): boolean => !ack.ok && transportFailures.has(ack.error);

/**
 * Sends a client → server event and resolves with its ack `{ ok: true, data } | { ok: false, error }` (DESIGN §1).
 * A missing connection or a timeout resolves as `{ ok: false }` too, so callers handle one shape.
 */
export async function emitWithAck<E extends ClientEventName>(
  event: E,
  payload: ClientEventPayload<E>,
): Promise<ClientEventAck<E>> {
  if (!socket?.connected) {
    return transportFailure('Not connected') as ClientEventAck<E>;
  }
  const untyped = socket as unknown as Socket;
  try {
    return (await untyped.timeout(ACK_TIMEOUT_MS).emitWithAck(event as string, payload)) as ClientEventAck<E>;
  } catch {
    return transportFailure('Request timed out') as ClientEventAck<E>;
  }
}
