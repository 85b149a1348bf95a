import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { backupStatusView, readBackupStatus } from '../services/backup/backup-service';

/**
 * GET /surgery/api/v1/backup_status/ (issue 40; openapi getBackupStatus): the installation's last backup for the
 * medic's settings and the home's warning. Read from `<DATA_DIR>/backup-status.json`, which the backups write
 * (services/backup/backup-service.ts); with PostgreSQL, `mode: external` and no warning. Medics only.
 */
export default async function backupRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  app.get('/surgery/api/v1/backup_status/', { onRequest: app.requireRole('medic') }, async () => {
    const external = deps.config.databaseUrl !== null;
    const status = external ? null : await readBackupStatus(deps.config.dataDir);
    return backupStatusView(status, deps.now(), external);
  });
}
