import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/**
 * The document-preparation uploads (include_surgery_files/{id}/) and the DOCX templates filled with a case's data
 * (download/{hospital|plano}/{surgeryId}/) (SPEC §4, §7; DECISIONS §4, §7).
 */
export default async function surgeryFileRoutes(_app: FastifyInstance, _options: { deps: AppDeps }): Promise<void> {}
