import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** How a single-file upload is refused: a form that is not the one file part, no file (or an empty one), too large. */
type SingleFileRefusals = { invalid: () => HttpError; missing: () => HttpError; tooLarge: () => HttpError };

/**
 * The one file part `file` of a multipart form (openapi OfficeTemplateForm, TissStatementForm, RepasseForm), at most
 * `maxBytes`: its bytes and name, and the text parts named in `fieldNames` (each at most 1,000 bytes; a field not sent
 * is absent). Any other part is read to its end and the form refused (`invalid`); a file over the limit is `tooLarge`
 * (413); no file part, or an empty one, `missing`.
 */
export async function readSingleFileUpload(
  request: FastifyRequest,
  maxBytes: number,
  refusals: SingleFileRefusals,
  fieldNames: readonly string[] = [],
): Promise<{ data: Buffer; filename: string | null; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw refusals.invalid();
  let found: { data: Buffer; filename: string | null } | null = null;
  const fields: Record<string, string> = {};
  let problem: HttpError | null = null;
  try {
    const limits = { fileSize: maxBytes, files: 1, fields: fieldNames.length, fieldSize: 1000, parts: fieldNames.length + 2 };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field' && fieldNames.includes(part.fieldname) && !(part.fieldname in fields) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.type !== 'file' || part.fieldname !== 'file' || found) {
        if (part.type === 'file') for await (const chunk of part.file) void chunk;
        problem ??= refusals.invalid();
        continue;
      }
      found = { data: await part.toBuffer(), filename: part.filename || null };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE') throw refusals.tooLarge();
    throw refusals.invalid();
  }
  if (problem) throw problem;
  if (!found || found.data.length === 0) throw refusals.missing();
  return { ...found, fields };
}
