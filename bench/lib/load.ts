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
  p99: number;
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

async function fire(target: LoadTarget, connections: number, seconds: number): Promise<RunSample> {
  const cpuBefore = target.pid === undefined ? undefined : cpuSeconds(target.pid);
  const result = await autocannon({
    url: target.url,
    headers: target.headers ?? {},
    connections,
    duration: seconds,
    pipelining: 1,
  });
  const cpuAfter = target.pid === undefined ? undefined : cpuSeconds(target.pid);
  const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return {
    rps: result.requests.average,
    mean: result.latency.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
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
