import { CLOCK_MESSAGES } from '../../../machines/preoperative/clockMessages';
import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleMedicIds } from './scope';

type User = Pick<AuthUser, 'id' | 'type'>;

/** The 400s on `medic`: a medic not the user's; none named among several; a secretary with no medic at all. */
export type OfficeMessages = { unknown: string; required: string; noMedic: string };

/**
 * The office (its medic) whose lists, templates or hospitals `user` reads or writes, named by a `medic` field: a
 * medic's own; a secretary's only medic, or the one she names. 400 on `medic` otherwise.
 */
export async function officeMedicOf(db: Executor, user: User, requested: number | null, messages: OfficeMessages): Promise<number> {
  const refuse = (message: string) => badRequest([message], { medic: [message] });
  if (user.type === 'medic') {
    if (requested !== null && requested !== user.id) throw refuse(messages.unknown);
    return user.id;
  }
  const linked = await visibleMedicIds(db, user);
  if (requested === null) {
    if (linked.length === 1) return linked[0]!;
    throw refuse(linked.length === 0 ? messages.noMedic : messages.required);
  }
  if (!linked.includes(requested)) throw refuse(messages.unknown);
  return requested;
}

/**
 * The medic whose settings (stage targets, payment terms) `user` reads: a medic himself; a secretary one of hers,
 * named (400 without one; 404 for a medic not hers, whose existence is not revealed).
 */
export async function namedMedicOf(db: Executor, user: User, medic: number | null | undefined): Promise<number> {
  if (user.type === 'medic') {
    if (medic && medic !== user.id) throw notFound(CLOCK_MESSAGES.medicNotFound);
    return user.id;
  }
  if (!medic) throw badRequest([CLOCK_MESSAGES.medicRequired], { medic: [CLOCK_MESSAGES.medicRequired] });
  if (!(await visibleMedicIds(db, user)).includes(medic)) throw notFound(CLOCK_MESSAGES.medicNotFound);
  return medic;
}
