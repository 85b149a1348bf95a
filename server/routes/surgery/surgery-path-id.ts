import { pathId } from '../../http/path-id';
import { notFound } from '../../http/errors';
import { SURGERY_NOT_FOUND } from '../../services/surgeries/surgery-service';

/** A case's id from the path; one that cannot be a case (malformed, out of range) is the case's own 404. */
export function surgeryPathId(raw: string): number {
  const id = pathId(raw);
  if (id === null) throw notFound(SURGERY_NOT_FOUND);
  return id;
}
