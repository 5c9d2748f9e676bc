import os from 'node:os';
import path from 'node:path';

/** A fixed port nothing else of the project uses, so that a developer's `npm run dev` keeps running. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3211);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The password of every demo account (docs/web-contract.md). */
export const DEMO_PASSWORD = 'Demo@1234';
/** The e2e server's data folder (start-server.mjs wipes it and sets DATA_DIR to it); mails land in its outbox/. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), 'osp-e2e-data');
