/**
 * Issue 40: which archives the retention rule keeps (7 daily, 4 weekly, 12 monthly) over an injected calendar, as
 * the service applies it after every backup; the archive names; when the daily backup is due; the tar the archive
 * is made of (a long key through a pax record).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createBackupService, type BackupService } from '../../../server/services/backup/backup-service';
import { applyRetention, archiveName, parseArchiveName } from '../../../server/services/backup/retention';
import { backupDue, lastScheduledAt, startBackupSchedule } from '../../../server/services/backup/schedule';
import { createTarReader, tarEnd, tarEntry } from '../../../server/services/backup/tar';

/** An instant from São Paulo's wall clock (UTC−3). */
type BackupStatus = Awaited<ReturnType<BackupService['status']>>;

const sp = (day: string, time: string) => new Date(`${day}T${time}-03:00`);

describe('retention over a calendar', () => {
  it('keeps exactly the newest of the last 7 days, 4 ISO weeks and 12 months after 15 months of daily backups', () => {
    // A backup every day at 12:30, and a manual one at 18:05 every tenth day; the rule runs after each, on the folder.
    let folder = new Set<string>(['leia-me.txt', 'cirurgias-backup-copia-manual.tar.gz']);
    const start = Date.UTC(2025, 0, 1);
    const end = Date.UTC(2026, 2, 18);
    for (let day = start, index = 0; day <= end; day += 86_400_000, index += 1) {
      const date = new Date(day).toISOString().slice(0, 10);
      const runs = index % 10 === 0 ? ['12:30:00', '18:05:00'] : ['12:30:00'];
      for (const time of runs) {
        folder.add(archiveName(sp(date, time), false));
        const { remove } = applyRetention([...folder]);
        folder = new Set([...folder].filter((name) => !remove.includes(name)));
      }
    }
    const kept = [...folder].filter((name) => parseArchiveName(name)).sort();
    expect(kept.map((name) => name.slice('cirurgias-backup-'.length, -'.tar.gz'.length))).toEqual([
      // 12 months: each month's last archive (April 2025 … March 2026)
      '2025-04-30-123000',
      '2025-05-31-180500',
      '2025-06-30-180500',
      '2025-07-31-123000',
      '2025-08-31-123000',
      '2025-09-30-123000',
      '2025-10-31-123000',
      '2025-11-30-123000',
      '2025-12-31-123000',
      '2026-01-31-123000',
      '2026-02-28-123000',
      // 4 ISO weeks: the Sundays of the three weeks before this one (and this week's newest)
      '2026-03-01-123000',
      '2026-03-08-123000',
      // 7 days: each day's newest (the 17th had a manual backup too, which is newer)
      '2026-03-12-123000',
      '2026-03-13-123000',
      '2026-03-14-123000',
      '2026-03-15-123000',
      '2026-03-16-123000',
      '2026-03-17-180500',
      '2026-03-18-123000',
    ]);
    // Other files in the folder are never touched.
    expect(folder.has('leia-me.txt')).toBe(true);
    expect(folder.has('cirurgias-backup-copia-manual.tar.gz')).toBe(true);
  });

  it('honours other counts and never removes the only archive', () => {
    const names = ['2026-03-10', '2026-03-11', '2026-03-12'].map((day) => archiveName(sp(day, '12:30:00'), true));
    expect(applyRetention(names, { daily: 1, weekly: 1, monthly: 1 })).toEqual({ keep: [names[2]], remove: [names[1], names[0]] });
    expect(applyRetention([names[0]!], { daily: 1, weekly: 1, monthly: 1 }).keep).toEqual([names[0]]);
  });
});

describe('archive names', () => {
  it('are the creation time in São Paulo, with a sequence for the same second and .enc when encrypted', () => {
    const at = new Date('2026-12-02T02:15:09Z');
    expect(archiveName(at, false)).toBe('cirurgias-backup-2026-12-01-231509.tar.gz');
    expect(archiveName(at, true, 1)).toBe('cirurgias-backup-2026-12-01-231509-2.tar.gz.enc');
    expect(parseArchiveName('cirurgias-backup-2026-02-30-120000.tar.gz')).toBeNull();
    expect(parseArchiveName('cirurgias-backup-2026-12-01-231509-2.tar.gz.enc')?.week).toBe('2026-W49');
  });
});

describe('the daily schedule', () => {
  it('is due once the time has passed without a success since, and retries a failure after an hour', () => {
    const now = sp('2026-12-02', '13:00:00');
    expect(lastScheduledAt(now, '12:30')).toEqual(sp('2026-12-02', '12:30:00'));
    expect(lastScheduledAt(sp('2026-12-02', '09:00:00'), '12:30')).toEqual(sp('2026-12-01', '12:30:00'));
    const base = { since: '2026-01-01T00:00:00Z', last_failure: null };
    expect(backupDue(null, now, '12:30')).toBe(true);
    expect(backupDue({ ...base, last_success: { at: sp('2026-12-02', '12:31:00').toISOString(), file: 'x', size: 1 } }, now, '12:30')).toBe(false);
    // Off at the time yesterday and this morning: due as soon as it starts.
    expect(
      backupDue({ ...base, last_success: { at: sp('2026-11-30', '12:31:00').toISOString(), file: 'x', size: 1 } }, sp('2026-12-02', '08:00:00'), '12:30'),
    ).toBe(true);
    const failed = { ...base, last_success: null, last_failure: { at: sp('2026-12-02', '12:40:00').toISOString(), reason: 'ENOSPC' } };
    expect(backupDue(failed, now, '12:30')).toBe(false);
    expect(backupDue(failed, sp('2026-12-02', '13:41:00'), '12:30')).toBe(true);
  });
});

describe('the tar', () => {
  it('reads back what it writes, a long name through a pax record, and refuses a stream cut short', async () => {
    const long = `files/${'a'.repeat(60)}/${'b'.repeat(70)}.pdf`;
    const blob = Buffer.concat([
      ...tarEntry('pgdata.tar', Buffer.from('banco')),
      ...tarEntry(long, Buffer.alloc(1_000, 7)),
      ...tarEntry('vazio', Buffer.alloc(0)),
      tarEnd(),
    ]);
    const seen: Array<[string, number]> = [];
    const reader = createTarReader((name, data) => {
      seen.push([name, data.length]);
    });
    for (let at = 0; at < blob.length; at += 333) await reader.push(blob.subarray(at, at + 333));
    reader.end();
    expect(seen).toEqual([
      ['pgdata.tar', 5],
      [long, 1_000],
      ['vazio', 0],
    ]);
    const cut = createTarReader(() => {});
    await cut.push(blob.subarray(0, 700));
    expect(() => cut.end()).toThrow();
  });
});

describe('the schedule inside the server', () => {
  it('takes a backup when one is due, and none when the last is recent', async () => {
    vi.useFakeTimers();
    try {
      const runs: Date[] = [];
      let status: BackupStatus | null = { since: '2026-01-01T00:00:00.000Z', last_success: null, last_failure: null };
      let now = sp('2026-12-02', '13:00:00');
      const service: BackupService = {
        async run() {
          runs.push(now);
          status = { ...status!, last_success: { at: now.toISOString(), file: 'x', size: 1 } };
          return { path: 'x', size: 1, createdAt: now, files: 0, removed: [] };
        },
        status: async () => status,
        settled: async () => {},
      };
      const schedule = startBackupSchedule({ service, time: '12:30', now: () => now, firstCheckMs: 1_000 });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toHaveLength(1);
      // The rest of the day: nothing more; the next day after 12:30, one more.
      now = sp('2026-12-02', '23:00:00');
      await vi.advanceTimersByTimeAsync(60_000 * 5);
      expect(runs).toHaveLength(1);
      now = sp('2026-12-03', '12:31:00');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(runs).toHaveLength(2);
      await schedule.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a failed backup', () => {
  it('is logged and recorded with its error code only, never the message (it may name a patient or a path)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'cirurgias-backup-failure-'));
    try {
      const files = join(root, 'files');
      const logged: Array<{ level: string; fields: unknown; message: string }> = [];
      const log = {
        info: (fields: unknown, message: string) => logged.push({ level: 'info', fields, message }),
        error: (fields: unknown, message: string) => logged.push({ level: 'error', fields, message }),
      };
      const service = createBackupService({
        snapshot: async () => {
          throw Object.assign(new Error("ENOSPC: no space left on device, write '/consultorio/Maria da Silva 123.456.789-09.pdf'"), {
            code: 'ENOSPC',
          });
        },
        dataDir: root,
        filesDir: files,
        settings: { enabled: true, dir: join(root, 'backups'), time: '12:30', passphrase: null, retention: { daily: 7, weekly: 4, monthly: 12 } },
        log,
      });
      await expect(service.run()).rejects.toThrow('ENOSPC');
      expect(logged).toEqual([{ level: 'error', fields: { backup: { reason: 'ENOSPC' } }, message: 'backup falhou' }]);
      const status = await readFile(join(root, 'backup-status.json'), 'utf8');
      expect(JSON.parse(status).last_failure.reason).toBe('ENOSPC');
      for (const text of [JSON.stringify(logged), status]) {
        expect(text).not.toContain('Maria');
        expect(text).not.toContain('123.456.789-09');
        expect(text).not.toContain('/consultorio');
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
