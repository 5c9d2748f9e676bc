/** Load generation with autocannon, in this (the parent) process; the server is always a child. */
import autocannon from 'autocannon';
import type { BenchConfig } from './config';
import { cpuSeconds } from './cpu';

export interface RunSample {
  /** Mean requests per second over the run (autocannon's requests.average). */
  rps: number;
  /** autocannon's mean latency, ms. */
  mean: number;
  p50: number;
  /**
   * The p99 of the run's requests but each connection's first: autocannon opens its connections anew for every run
   * and times a connection's first request from before the connection is open; against a server using a whole core
   * the later connections are taken up one after another, and their first requests waited up to seconds
   * (bench/connection-start.ts shows it with a plain http server). In a short or slow run those 50 requests reach the
   * p99 on their own. `p99All` keeps autocannon's own figure.
   */
  p99: number;
  p99All: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time the server process used per answered request, in µs (its own process only). */
  serverCpuUs?: number;
  /** Share of one core the server process used during the run (1 = a whole core). */
  serverCores?: number;
}

export interface Measurement {
  runs: RunSample[];
  /** Median over the runs of each figure, taken separately. */
  rps: number;
  p99: number;
  /** Median server CPU µs per request, when /proc is available. */
  serverCpuUs?: number;
  /** Failed requests across the measured runs: a non-zero count makes the numbers worthless. */
  failures: number;
}

export interface LoadTarget {
  url: string;
  /** The server's process id, to read its CPU time. */
  pid?: number;
  headers?: Record<string, string>;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  if (sorted.length % 2 === 1) return sorted[mid] ?? Number.NaN;
  return ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The `p`-quantile (nearest rank) of `values`, or undefined when there are none. */
export function nearestRank(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)];
}

/** Collects the latencies of an autocannon instance's answers but each connection's first (RunSample.p99). */
export function steadyLatencies(instance: autocannon.Instance): number[] {
  const opened = new Set<unknown>();
  const steady: number[] = [];
  instance.on('response', (client: unknown, _status: number, _bytes: number, responseTime: number) => {
    if (opened.has(client)) steady.push(responseTime);
    else opened.add(client);
  });
  return steady;
}

async function fire(target: LoadTarget, connections: number, seconds: number): Promise<RunSample> {
  const cpuBefore = target.pid === undefined ? undefined : cpuSeconds(target.pid);
  let steady: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: target.url, headers: target.headers ?? {}, connections, duration: seconds, pipelining: 1 },
      (error: unknown, done: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(JSON.stringify(error))) : resolve(done),
    );
    steady = steadyLatencies(instance);
  });
  const cpuAfter = target.pid === undefined ? undefined : cpuSeconds(target.pid);
  const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return {
    rps: result.requests.average,
    mean: result.latency.mean,
    p50: result.latency.p50,
    // Whole milliseconds, as autocannon gives its own.
    p99: Math.round(nearestRank(steady, 0.99) ?? result.latency.p99),
    p99All: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(cpu !== undefined && result.requests.total > 0
      ? { serverCpuUs: (cpu / result.requests.total) * 1e6, serverCores: cpu / result.duration }
      : {}),
  };
}

/** Warms the server up (results discarded), then measures `config.runs` runs back to back. */
export async function measure(
  target: LoadTarget,
  config: BenchConfig,
  onRun: (index: number, sample: RunSample) => void,
): Promise<Measurement> {
  await fire(target, config.connections, config.warmup);
  const runs: RunSample[] = [];
  for (let i = 0; i < config.runs; i++) {
    const sample = await fire(target, config.connections, config.duration);
    runs.push(sample);
    onRun(i, sample);
  }
  const cpu = runs.flatMap((run) => (run.serverCpuUs === undefined ? [] : [run.serverCpuUs]));
  return {
    runs,
    rps: median(runs.map((run) => run.rps)),
    p99: median(runs.map((run) => run.p99)),
    ...(cpu.length === runs.length ? { serverCpuUs: median(cpu) } : {}),
    failures: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
  };
}
