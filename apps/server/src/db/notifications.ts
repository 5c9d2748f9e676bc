import pg from 'pg';

export interface ChannelHandlers {
  /** A notification arrived; `payload` is what it carried ('' for none). */
  onMessage: (payload: string) => void;
  /** The listening connection is (again) up: messages sent from now on will arrive. `backendPid` names it in pg_stat_activity. */
  onUp: (backendPid: number) => void;
  /** It broke: messages may be missed until onUp. */
  onDown: (error: Error) => void;
}

const RETRY_MS = [250, 1_000, 5_000];

/**
 * LISTENs on a PostgreSQL channel over a connection of its own, reconnecting after a failure.
 * Returns a function that stops listening.
 */
export function listenToChannel(connectionString: string, channel: string, handlers: ChannelHandlers): () => Promise<void> {
  let client: pg.Client | null = null;
  let isStopped = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    const fail = (error: Error) => {
      if (client === next) client = null;
      next.removeAllListeners();
      // A late error of the connection being given up must not become an unhandled 'error' event.
      next.on('error', () => {});
      void next.end().catch(() => {});
      if (isStopped) return;
      handlers.onDown(error);
      retryTimer = setTimeout(() => void connect(), RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      attempt += 1;
    };
    next.on('error', fail);
    next.on('end', () => fail(new Error('listening connection closed')));
    next.on('notification', (message) => handlers.onMessage(message.payload ?? ''));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (isStopped) {
        await next.end();
        return;
      }
      client = next;
      attempt = 0;
      // pg keeps the backend's process id from the start-up handshake; typed loosely by @types/pg.
      handlers.onUp((next as unknown as { processID: number }).processID);
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  };
  void connect();

  return async () => {
    isStopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners();
      current.on('error', () => {});
      await current.end().catch(() => {});
    }
  };
}
