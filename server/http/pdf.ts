import type { FastifyReply } from 'fastify';

/**
 * Sends a PDF download (server/services/pdf/simple-pdf.ts writes it): `filename` ASCII (e.g.
 * `relatorio-contador-2026.pdf`), as an attachment, not stored by caches (the CSV exports' rule, server/http/csv.ts).
 */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
