import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, Engine } from './db/index';

/** What every service needs: the database, which engine it is, the settings and a logger. */
export interface AppContext {
  db: Db;
  engine: Engine;
  config: Config;
  log: FastifyBaseLogger;
}

/** The signed-in caller, attached to each authenticated request. */
export interface Caller {
  userId: number;
  username: string;
  sessionId: number;
  /** Role keys and the union of their permissions, as of this request (a change applies at once). */
  roles: string[];
  permissions: string[];
}
