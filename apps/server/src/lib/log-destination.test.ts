import { spawnSync } from 'node:child_process';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config';
import { TurnBatchedLog } from './log-destination';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the log destination', () => {
  it('writes the lines of one turn of the event loop in one write, in order, after the turn', async () => {
    const writes: string[] = [];
    const log = new TurnBatchedLog({ write: (text) => writes.push(text) });
    log.write('{"msg":"a"}\n');
    log.write('{"msg":"b"}\n');
    log.write('{"msg":"c"}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['{"msg":"a"}\n{"msg":"b"}\n{"msg":"c"}\n']);

    log.write('{"msg":"d"}\n');
    await nextTurn();
    await nextTurn();
    expect(writes).toEqual(['{"msg":"a"}\n{"msg":"b"}\n{"msg":"c"}\n', '{"msg":"d"}\n']);
  });

  it('writes nothing for a turn without lines', async () => {
    const writes: string[] = [];
    const log = new TurnBatchedLog({ write: (text) => writes.push(text) });
    log.flush();
    await nextTurn();
    expect(writes).toEqual([]);
  });

  it("writes the pending lines at once when pino's logger.flush is called, and calls its callback", async () => {
    const writes: string[] = [];
    const logger = pino({ level: 'info', base: null, timestamp: false }, new TurnBatchedLog({ write: (text) => writes.push(text) }));
    logger.info('请假申请已提交');
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    expect(writes).toEqual(['{"level":30,"msg":"请假申请已提交"}\n']);
  });

  it('writes the pending lines when the process exits before the turn ends, through pino', () => {
    // What main.ts does after a fatal error: log, then process.exit in the same turn.
    const script = [
      "import pino from 'pino';",
      "import { stdoutLog } from './apps/server/src/lib/log-destination.ts';",
      'const logger = pino({ level: "info" }, stdoutLog());',
      'logger.info({ url: "/api/health" }, "request");',
      'logger.error("启动失败");',
      'process.exit(3);',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT_DIR,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(3);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; url?: string });
    expect(lines.map((line) => [line.msg, line.url])).toEqual([
      ['request', '/api/health'],
      ['启动失败', undefined],
    ]);
  });
});
