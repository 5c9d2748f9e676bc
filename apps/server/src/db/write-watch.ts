import {
  AliasNode,
  ColumnNode,
  DeleteQueryNode,
  InsertQueryNode,
  TableNode,
  UpdateQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type OperationNode,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** One statement's write, as far as a listener needs it: which table, how, and (updates) which columns. */
export interface TableWrite {
  table: string;
  kind: 'insert' | 'update' | 'delete';
  /** The columns an update sets; empty for inserts and deletes. */
  columns: readonly string[];
}

export interface WriteListener {
  /** Whether this write matters to the listener. */
  matches: (write: TableWrite) => boolean;
  /** Called once the writes it matched are committed (after the connection is handed back). */
  afterCommit: () => Promise<void>;
}

/**
 * Tells listeners when a write they care about has been committed, whatever code wrote it. The access
 * cache (modules/auth/access-cache.ts) listens for writes to users, departments, roles, grants, sessions
 * and menus, so that its correctness does not rest on every service remembering to call `changed()`.
 *
 * It wraps the dialect's driver: each statement's operation tree says which table it writes; the
 * connection it ran on remembers the listeners it concerns; a rollback forgets them, and handing the
 * connection back (after the commit, or after a lone statement's implicit one) tells them. Statements
 * written as raw SQL are not recognised — repos write these tables through the query builder, and the
 * migrations, the only raw writers, run before any cache exists.
 */
export class WriteWatch {
  private readonly listeners = new Set<WriteListener>();

  /** Adds a listener; the function returned removes it. */
  listen(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The listeners concerned by a statement, or none (most statements are reads). */
  concerned(node: OperationNode): WriteListener[] {
    if (this.listeners.size === 0) return [];
    const write = writeOf(node);
    if (!write) return [];
    return [...this.listeners].filter((listener) => listener.matches(write));
  }

  /** The same dialect, its driver watched. */
  wrap(dialect: Dialect): Dialect {
    return {
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createDriver: () => new WatchedDriver(dialect.createDriver(), this),
    };
  }
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  // `update users as u`: the table under its alias.
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

function writeOf(node: OperationNode): TableWrite | undefined {
  if (InsertQueryNode.is(node)) {
    const table = tableName(node.into);
    return table ? { table, kind: 'insert', columns: [] } : undefined;
  }
  if (UpdateQueryNode.is(node)) {
    const table = tableName(node.table);
    const columns = (node.updates ?? []).map(({ column }) => (ColumnNode.is(column) ? column.column.name : ''));
    return table ? { table, kind: 'update', columns } : undefined;
  }
  if (DeleteQueryNode.is(node)) {
    const table = tableName(node.from.froms[0]);
    return table ? { table, kind: 'delete', columns: [] } : undefined;
  }
  return undefined;
}

/** A connection as lent by the watched driver: the real one, and the listeners its uncommitted writes concern. */
class WatchedConnection implements DatabaseConnection {
  readonly pending = new Set<WriteListener>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watch: WriteWatch,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiledQuery);
    for (const listener of this.watch.concerned(compiledQuery.query)) this.pending.add(listener);
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class WatchedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly watch: WriteWatch,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.watch);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(innerOf(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(innerOf(connection));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof WatchedConnection) connection.pending.clear();
    await this.inner.rollbackTransaction(innerOf(connection));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(innerOf(connection));
    if (!(connection instanceof WatchedConnection) || connection.pending.size === 0) return;
    // Told after the connection is back: on SQLite a listener may then query the one connection itself.
    const told = [...connection.pending];
    connection.pending.clear();
    for (const listener of told) await listener.afterCommit();
  }

  // Savepoints pass through; writes rolled back to one still tell their listeners, which costs a needless refresh only.
  savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.savepoint) throw new Error('this database driver has no savepoints');
    return this.inner.savepoint(innerOf(connection), name, compileQuery);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('this database driver has no savepoints');
    return this.inner.rollbackToSavepoint(innerOf(connection), name, compileQuery);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('this database driver has no savepoints');
    return this.inner.releaseSavepoint(innerOf(connection), name, compileQuery);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof WatchedConnection ? connection.inner : connection;
}
