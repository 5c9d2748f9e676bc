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

/** The signed-in user's own row as of this request, loaded with the session (one query). */
export interface CallerUser {
  id: number;
  username: string;
  name: string;
  sex: string;
  dept_id: number | null;
  dept_name: string | null;
  station: string;
  mail: string;
  mobile: string;
  phone: string;
  wechat: string;
  profile_photo: string;
}

/** The signed-in caller, attached to each authenticated request. */
export interface Caller {
  userId: number;
  username: string;
  sessionId: number;
  /** Role keys and the union of their permissions, as of this request (a change applies at once). */
  roles: string[];
  permissions: string[];
  user: CallerUser;
}
