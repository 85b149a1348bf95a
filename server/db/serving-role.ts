/**
 * PostgreSQL with two roles (docs/PRIVACY.md, "The audit trail"; issue 13 item 27). The audit table's triggers refuse
 * UPDATE, DELETE and TRUNCATE, but the table's owner can switch them off (`ALTER TABLE … DISABLE TRIGGER`), and a
 * superuser can skip them (`SET session_replication_role = replica`): a server that runs as the owner could, through
 * a bug or an intruder, erase the trail. With DATABASE_MIGRATION_URL set:
 *
 * - the owner (DATABASE_MIGRATION_URL) applies the migrations, seeds, and grants DATABASE_URL's role exactly what the
 *   server needs, under the startup advisory lock, and its connections close;
 * - the server then serves as DATABASE_URL's role, after checking that this role cannot change the trail: not a
 *   superuser, not the table's owner (nor a member of the owning role), not the owner of its schema (who could drop
 *   it), no UPDATE, DELETE or TRUNCATE on it, and not allowed to set session_replication_role. A start with a role
 *   that could is refused, so the separation cannot be lost silently.
 *
 * Everything the server does at run time works as the serving role: plain reads and writes (the dashboard's summary
 * rows are written by triggers, as the invoking role), advisory locks (any role may take them), the orphan sweep
 * (reads). Table upkeep (VACUUM/ANALYZE) runs on the embedded database only; PostgreSQL's autovacuum does it here.
 */
import { sql } from 'drizzle-orm';
import { openPostgres, type Database, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';

/** The tables the grants cover. */
const SCHEMA = 'public';
/** The append-only table (migration 0008). */
const AUDIT_TABLE = 'audit_events';

/** The serving role would be able to change the trail, or the two addresses do not name one database. */
export class ServingRoleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServingRoleError';
  }
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function whoAndWhere(db: Database): Promise<{ role: string; database: string }> {
  const [row] = await rows<{ role: string; database: string }>(db, sql`select current_user as role, current_database() as database`);
  return row!;
}

/**
 * Gives `role` what the server needs and nothing more, run as the tables' owner after the migrations (so a table a
 * new migration adds is covered at the next start): SELECT, INSERT, UPDATE and DELETE on every table of the schema,
 * USAGE on its sequences, and on the audit table SELECT and INSERT only. TRUNCATE, REFERENCES and TRIGGER are
 * withdrawn wherever an earlier hand-made grant gave them. Ownership, and with it ALTER TABLE, stays with the owner.
 */
async function grantServingRole(owner: Database, role: string): Promise<void> {
  const grantee = sql.identifier(role);
  const schema = sql.identifier(SCHEMA);
  await owner.execute(sql`grant select, insert, update, delete on all tables in schema ${schema} to ${grantee}`);
  await owner.execute(sql`revoke truncate, references, trigger on all tables in schema ${schema} from ${grantee}`);
  await owner.execute(sql`revoke update, delete on ${sql.identifier(SCHEMA)}.${sql.identifier(AUDIT_TABLE)} from ${grantee}`);
  await owner.execute(sql`grant usage on all sequences in schema ${schema} to ${grantee}`);
}

/**
 * What the connected role could do to the audit trail, as pt-BR phrases (empty: nothing). Asked of PostgreSQL's
 * catalogs for the role itself, memberships included.
 */
async function servingRoleProblems(serving: Database): Promise<string[]> {
  const auditTable = `${SCHEMA}.${AUDIT_TABLE}`;
  const [row] = await rows<{
    superuser: boolean;
    owner: string;
    owns_table: boolean;
    owns_schema: boolean;
    can_change: boolean;
    version: number;
  }>(
    serving,
    sql`select r.rolsuper as superuser,
          pg_get_userbyid(c.relowner) as owner,
          pg_has_role(current_user, c.relowner, 'MEMBER') as owns_table,
          pg_has_role(current_user, n.nspowner, 'MEMBER') as owns_schema,
          has_table_privilege(current_user, c.oid, 'UPDATE, DELETE, TRUNCATE') as can_change,
          current_setting('server_version_num')::int as version
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_roles r on r.rolname = current_user
        where c.oid = ${auditTable}::regclass`,
  );
  if (!row) return ['não foi possível ler as permissões do papel'];
  if (row.superuser) return ['é superusuário (pode tudo, inclusive desligar os gatilhos da tabela audit_events)'];
  const problems: string[] = [];
  if (row.owns_table) {
    problems.push(`é dono da tabela audit_events ou membro do papel dono (${row.owner}), e o dono pode desligar os gatilhos que a protegem`);
  }
  if (row.owns_schema) problems.push(`é dono do esquema ${SCHEMA} ou membro do papel dono, e pode apagar a tabela audit_events`);
  if (row.can_change) problems.push('tem UPDATE, DELETE ou TRUNCATE na tabela audit_events');
  // PostgreSQL 15 lets a superuser grant SET on a superuser-only setting; before it, only a superuser sets it.
  if (row.version >= 150_000) {
    const [setting] = await rows<{ allowed: boolean }>(
      serving,
      sql`select has_parameter_privilege(current_user, 'session_replication_role', 'SET') as allowed`,
    );
    if (setting?.allowed) problems.push('pode mudar session_replication_role, o que desliga os gatilhos');
  }
  return problems;
}

type PostgresSettings = { databaseUrl: string; migrationDatabaseUrl: string | null; poolMax: number };

/** The roles of a two-role start, for the start-up line; null when one role does everything. */
export type StartRoles = { owner: string; serving: string } | null;

/**
 * Opens the PostgreSQL the server serves from, migrated: with one role (no migrationDatabaseUrl) it migrates and runs
 * `prepare` (the seed) itself, under the startup lock, as before; with two, the owner does that work and grants the
 * serving role, then the serving role is checked (ServingRoleError when it could change the audit trail). Returns the
 * serving handle (the caller closes it) and what `prepare` returned.
 */
export async function openMigratedPostgres<T>(
  settings: PostgresSettings,
  prepare: (owner: DatabaseHandle) => Promise<T>,
): Promise<{ handle: DatabaseHandle; prepared: T; roles: StartRoles }> {
  const handle = await openPostgres(settings.databaseUrl, { poolMax: settings.poolMax });
  try {
    if (!settings.migrationDatabaseUrl) {
      const prepared = await handle.withStartupLock(async () => {
        await runMigrations(handle);
        return prepare(handle);
      });
      return { handle, prepared, roles: null };
    }
    const serving = await whoAndWhere(handle.db);
    // Two connections: the startup lock holds one, the migrations use the other.
    const ownerHandle = await openPostgres(settings.migrationDatabaseUrl, { poolMax: 2 });
    let prepared: T;
    let owner: string;
    try {
      const ownerSide = await whoAndWhere(ownerHandle.db);
      owner = ownerSide.role;
      if (ownerSide.database !== serving.database) {
        throw new ServingRoleError(
          `DATABASE_URL e DATABASE_MIGRATION_URL devem apontar para o mesmo banco de dados (${serving.database} e ${ownerSide.database}).`,
        );
      }
      // Checked before any grant: the revokes below would otherwise be taken from the owner itself.
      if (owner === serving.role) {
        throw new ServingRoleError(
          `DATABASE_URL e DATABASE_MIGRATION_URL usam o mesmo papel (${owner}): DATABASE_URL deve nomear um papel que não seja dono das tabelas (docs/PRIVACY.md).`,
        );
      }
      prepared = await ownerHandle.withStartupLock(async () => {
        await runMigrations(ownerHandle);
        await grantServingRole(ownerHandle.db, serving.role);
        return prepare(ownerHandle);
      });
    } finally {
      await ownerHandle.close();
    }
    const problems = await servingRoleProblems(handle.db);
    if (problems.length > 0) {
      throw new ServingRoleError(
        `O papel de DATABASE_URL (${serving.role}) poderia alterar ou apagar a trilha de auditoria: ${problems.join('; ')}. ` +
          'Com DATABASE_MIGRATION_URL, DATABASE_URL deve nomear um papel só com os acessos que o servidor lhe concede (docs/PRIVACY.md).',
      );
    }
    return { handle, prepared, roles: { owner, serving: serving.role } };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}
