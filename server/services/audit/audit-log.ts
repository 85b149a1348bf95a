import { sql } from 'drizzle-orm';
import type { AuditAction, AuditEntity } from '../../../machines/audit/constants';
import type { Database, Executor } from '../../db/client';
import { auditEvents } from '../../db/schema/index';

/**
 * The audit trail's writers (issue 16; DECISIONS §17). Who: the signed-in user and the address the request came
 * from; what: an action on a patient, a case, a document or a photo, by id. Never a name, a CPF or clinical content.
 *
 * - A change is recorded by `recordChange` inside the change's own transaction: both commit, or neither.
 * - A read (a record opened, a list page, a download, an export) is queued by `AuditLog.read` and written in
 *   batches, one INSERT per batch, at most `flushMs` later (and at shutdown): a GET stays a read-only transaction
 *   with no commit to flush to disk per request. The price, written in docs/PRIVACY.md: a crash of the process can
 *   lose the reads of its last fraction of a second; never a change's row.
 */

/** Who acted: a signed-in user (`AuthUser` carries the request's address). */
type AuditActor = { id: number; address?: string | null };

/** A change of one record, whose tenant and patient the service already knows (it locked the row). */
type AuditChange = {
  medicId: number;
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | null;
  patientIds: readonly number[];
  detail?: string | null;
};

/** The audit row of a write on case `row` that changed `detail` (a part of it: `receipt`, `checklist`…). */
export function caseChange(row: { id: number; medicId: number; patientId: number }, detail: string): AuditChange {
  return { medicId: row.medicId, action: 'update', entity: 'surgery', entityId: row.id, patientIds: [row.patientId], detail };
}

/** `at`: the service's clock (`deps.now()`), the same clock the queued reads are stamped with. */
export async function recordChange(
  tx: Executor,
  actor: AuditActor | null,
  changes: AuditChange | readonly AuditChange[],
  at: Date,
): Promise<void> {
  const list = Array.isArray(changes) ? changes : [changes as AuditChange];
  if (list.length === 0) return;
  await tx.insert(auditEvents).values(
    list.map((change) => ({
      at,
      medicId: change.medicId,
      actorId: actor?.id ?? null,
      action: change.action,
      entity: change.entity,
      entityId: change.entityId,
      patientIds: [...change.patientIds],
      detail: change.detail ?? null,
      address: actor?.address ?? null,
    })),
  );
}

/**
 * A read to record. The records are named by id only; the batch's INSERT finds their medic and patient in the
 * database (a case by `surgeries`, a patient or a photo by `patients`), so a route records what it showed without a
 * query of its own (it declares the read: server/plugins/audited-reads.ts). `ids` of one record: `view`/`download` of
 * it; several: a list page or a CSV export (one row per medic of the page, `shown_ids` in page order). Ids that no
 * longer exist write nothing.
 */
export type AuditRead = {
  action: Extract<AuditAction, 'view' | 'list' | 'download' | 'export' | 'data_export'>;
  entity: AuditEntity;
  /** Which table the ids are in. */
  of: 'surgeries' | 'patients';
  ids: readonly number[];
  detail?: string | null;
};

/**
 * A read whose tenant and patients the caller knows already (the audit itself, read or exported by its medic: the
 * rows may name patients since deleted, so no lookup), or an export that held no record: one row per medic, each
 * naming `patientIds` (empty: the act alone, e.g. a CSV of an empty list).
 */
type AuditExport = {
  medicIds: readonly number[];
  entity: AuditEntity;
  detail: string | null;
  action?: Extract<AuditAction, 'list' | 'export'>;
  patientIds?: readonly number[];
};

type QueuedRead = AuditRead & { at: string; actorId: number; address: string | null; page: boolean };
type QueuedExport = AuditExport & { at: string; actorId: number; address: string | null };

/**
 * A CSV export's audit (issue 16; the third week's item 29): the route passes `add` each record id as its row is
 * streamed, and `done` once the stream ended (finished, failed or abandoned by the client). The records sent are
 * recorded as one 'export' row per medic naming every patient they belong to, `shown_ids` the records in the order
 * sent; an export that sent none is recorded as the act alone, per medic in its scope.
 */
export function exportAudit(
  audit: AuditLog,
  actor: AuditActor,
  { of, entity, detail, medicIds }: { of: AuditRead['of']; entity: AuditEntity; detail: string; medicIds: readonly number[] },
) {
  const ids: number[] = [];
  let recorded = false;
  return {
    add: (id: number) => {
      ids.push(id);
    },
    done() {
      if (recorded) return;
      recorded = true;
      if (ids.length > 0) audit.read(actor, { action: 'export', entity, of, ids: [...new Set(ids)], detail });
      else audit.exported(actor, { medicIds, entity, detail });
    },
  };
}

/** Streams `rows` (whose producer calls `record.add` per record), then `record.done()` however the stream ends. */
export async function* auditedRows<Out>(rows: AsyncIterable<Out>, record: ReturnType<typeof exportAudit>): AsyncGenerator<Out> {
  try {
    yield* rows;
  } finally {
    record.done();
  }
}

export type AuditLog = {
  read(actor: AuditActor, read: AuditRead): void;
  exported(actor: AuditActor, exported: AuditExport): void;
  /** Writes what is queued (the audit screen calls it first, so a medic sees her own last reads). */
  flush(): Promise<void>;
  /** Flushes and stops the timer (app close). */
  close(): Promise<void>;
};

type AuditLogOptions = { db: Database; now: () => Date; log?: (message: string) => void; flushMs?: number; maxBatch?: number };

/** Past this many queued rows (the database unreachable for long), the oldest are dropped, and the drop is logged. */
const MAX_QUEUED = 50_000;

export function createAuditLog({ db, now, log = () => {}, flushMs = 250, maxBatch = 500 }: AuditLogOptions): AuditLog {
  let reads: QueuedRead[] = [];
  let exports: QueuedExport[] = [];
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let closed = false;

  function schedule() {
    if (closed) return;
    if (reads.length + exports.length >= maxBatch) void flush();
    else timer ??= setTimeout(() => void flush(), flushMs).unref();
  }

  function capped<T>(queue: T[]): T[] {
    if (queue.length <= MAX_QUEUED) return queue;
    log(`audit: ${queue.length - MAX_QUEUED} queued reads dropped (database unreachable)`);
    return queue.slice(queue.length - MAX_QUEUED);
  }

  async function writeBatch(batchReads: QueuedRead[], batchExports: QueuedExport[]) {
    if (batchReads.length > 0) await db.execute(insertReadsStatement(batchReads));
    const exportRows = batchExports.flatMap((item) =>
      item.medicIds.map((medicId) => ({
        at: new Date(item.at),
        medicId,
        actorId: item.actorId,
        action: item.action ?? ('export' as const),
        entity: item.entity,
        entityId: null,
        patientIds: [...new Set(item.patientIds ?? [])].sort((a, b) => a - b),
        detail: item.detail,
        address: item.address,
      })),
    );
    if (exportRows.length > 0) await db.insert(auditEvents).values(exportRows);
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    // One flush at a time, in order: a later flush waits for the one running.
    flushing = flushing.then(async () => {
      const batchReads = reads;
      const batchExports = exports;
      reads = [];
      exports = [];
      if (batchReads.length === 0 && batchExports.length === 0) return;
      try {
        await writeBatch(batchReads, batchExports);
      } catch (error) {
        // Kept for the next flush; the error's text may name a value, so only its code is logged.
        log(`audit: writing ${batchReads.length + batchExports.length} reads failed (${(error as { code?: string }).code ?? 'error'}); retrying`);
        reads = capped([...batchReads, ...reads]);
        exports = capped([...batchExports, ...exports]);
        if (!closed) timer ??= setTimeout(() => void flush(), flushMs * 4).unref();
      }
    });
    return flushing;
  }

  return {
    read(actor, read) {
      if (read.ids.length === 0) return;
      reads.push({ ...read, at: now().toISOString(), actorId: actor.id, address: actor.address ?? null, page: read.action === 'list' || read.action === 'export' });
      schedule();
    },
    exported(actor, exported) {
      if (exported.medicIds.length === 0) return;
      exports.push({ ...exported, at: now().toISOString(), actorId: actor.id, address: actor.address ?? null });
      schedule();
    },
    flush,
    async close() {
      await flush();
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * One INSERT for a batch of reads, the batch passed as one JSON parameter: each read's ids are looked up in their
 * table for the medic and patient they belong to, and grouped back into one row per read and medic.
 */
function insertReadsStatement(batch: QueuedRead[]) {
  const payload = JSON.stringify(
    batch.map((read, n) => ({
      n,
      at: read.at,
      actor_id: read.actorId,
      action: read.action,
      entity: read.entity,
      of: read.of,
      ids: read.ids,
      page: read.page,
      detail: read.detail ?? null,
      address: read.address,
    })),
  );
  return sql`
    with batch as (
      select *
      from jsonb_to_recordset(${payload}::jsonb) as e(
        n integer, at timestamptz, actor_id integer, action audit_action, entity audit_entity, "of" text,
        ids integer[], page boolean, detail text, address text
      )
    ),
    shown as (
      select b.n, s.medic_id, s.patient_id, s.id as record_id, u.ord
      from batch b
      cross join lateral unnest(b.ids) with ordinality as u(id, ord)
      join surgeries s on s.id = u.id
      where b."of" = 'surgeries'
      union all
      select b.n, p.medic_id, p.id, p.id, u.ord
      from batch b
      cross join lateral unnest(b.ids) with ordinality as u(id, ord)
      join patients p on p.id = u.id
      where b."of" = 'patients'
    )
    insert into audit_events (at, medic_id, actor_id, action, entity, entity_id, patient_ids, shown_ids, detail, address)
    select b.at, r.medic_id, b.actor_id, b.action, b.entity,
      case when b.page then null else min(r.record_id) end,
      array(select distinct unnest(array_agg(r.patient_id)) order by 1),
      case when b.page then array_agg(r.record_id order by r.ord) end,
      b.detail, b.address
    from batch b
    join shown r on r.n = b.n
    group by b.n, b.at, b.actor_id, b.action, b.entity, b.page, b.detail, b.address, r.medic_id
    order by b.n, r.medic_id
  `;
}
