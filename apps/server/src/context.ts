import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, Engine } from './db/index';

/**
 * Sessions, grants, menu rows and directory rows kept in memory between changes. The kernel names only
 * what every service calls; modules/auth/access-cache.ts adds the rest of its surface by declaration
 * merging, so that the kernel imports no module (docs/ARCHITECTURE.md, eslint's boundary rules).
 */
export interface AccessCache {
  /**
   * Empties the cache here and in every other server process. Committed writes through the query builder
   * call it by themselves (db/write-watch.ts, wired in app.ts); call it only after a change made otherwise.
   */
  changed(): Promise<void>;
}

/** What every service needs: the database, which engine it is, the settings, a logger and the access cache. */
export interface AppContext {
  db: Db;
  engine: Engine;
  config: Config;
  log: FastifyBaseLogger;
  /** Sessions, grants, menu and department rows kept between changes; emptied by any committed write to them. */
  access: AccessCache;
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

/** Who makes a change and from which area of the app: what the operation log records with it. */
export interface Actor {
  caller: Caller;
  /** The request's Service header (DESIGN §5), '' when absent. */
  service: string;
  /** Where the request came from, for the security trace (absent in the demo seed and scripts). */
  client?: { ip: string; userAgent: string };
}
