/**
 * `node --import tsx bench/connection-start.ts`: why the surveys fill's p99 leaves out each connection's first request
 * (bench/lib/surveys-suite.ts, FillRun.p99). A plain Node http server spending 0.9 ms of CPU a request — about what
 * OSP spends on a survey submit — is loaded as the fill is: 3 runs of 3,000 POSTs of 1.5 KB on 50 new connections.
 * For each run it prints autocannon's p99, the p99 without each connection's first request, and the slowest
 * requests as `latency/connection/nth request on it`: on the two-core benchmark machine the slowest are the first
 * requests of the later connections, one after another.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

const WORK_MS = 0.9;

if (process.argv[2] === 'server') {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const until = performance.now() + WORK_MS;
      while (performance.now() < until) {
        // CPU work standing for a submit's.
      }
      response.setHeader('content-type', 'application/json');
      response.end('{"status_code":0}');
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
} else {
  // The server runs in a process of its own, as OSP does in the suite.
  const child = fork(new URL(import.meta.url).pathname, ['server'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(Number(message))));
  for (let run = 1; run <= 3; run++) {
    const times: { ms: number; connection: number; nth: number }[] = [];
    const seen = new Map<unknown, { connection: number; count: number }>();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: `http://127.0.0.1:${port}/`, connections: 50, amount: 3000, method: 'POST', body: 'x'.repeat(1500) },
        (error: unknown, done: autocannon.Result) =>
          error ? reject(error instanceof Error ? error : new Error(JSON.stringify(error))) : resolve(done),
      );
      instance.on('response', (client: unknown, _status: number, _bytes: number, ms: number) => {
        const entry = seen.get(client) ?? { connection: seen.size, count: 0 };
        entry.count++;
        seen.set(client, entry);
        times.push({ ms, connection: entry.connection, nth: entry.count });
      });
    });
    const rank = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1];
    const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, 8);
    console.log(
      `run ${run}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
        `without each connection's first ${Math.round(rank(times.filter((t) => t.nth > 1).map((t) => t.ms)) ?? 0)} ms; slowest ` +
        slowest.map((t) => `${Math.round(t.ms)}/c${t.connection}/#${t.nth}`).join(' '),
    );
  }
  child.kill();
}
