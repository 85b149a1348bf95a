import { asc, eq } from 'drizzle-orm';
import type { SurgeryTeamInput, UsualTeamInput } from '../../../machines/billing/billingSchemas';
import type { components } from '../../../openapi/schema';
import type { Database, Executor } from '../../db/client';
import { medicUsualTeamMembers, surgeryTeamMembers } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleSurgeryRow } from '../access/scope';
import { caseChange, recordChange } from '../audit/audit-log';
import { SURGERY_NOT_FOUND } from '../surgeries/surgery-service';

type SurgeryTeam = components['schemas']['SurgeryTeam'];
type UsualTeam = components['schemas']['UsualTeam'];
type User = Pick<AuthUser, 'id' | 'type'>;

const memberColumns = {
  role: surgeryTeamMembers.role,
  name: surgeryTeamMembers.name,
  council: surgeryTeamMembers.council,
  council_number: surgeryTeamMembers.councilNumber,
  council_uf: surgeryTeamMembers.councilUf,
  cbo: surgeryTeamMembers.cbo,
  cpf: surgeryTeamMembers.cpf,
  fee_cents: surgeryTeamMembers.feeCents,
};

/** A case's team, in order. */
async function readSurgeryTeam(db: Executor, surgeryId: number): Promise<SurgeryTeam> {
  const members = await db
    .select({ ...memberColumns, paid_on: surgeryTeamMembers.paidOn })
    .from(surgeryTeamMembers)
    .where(eq(surgeryTeamMembers.surgeryId, surgeryId))
    .orderBy(asc(surgeryTeamMembers.position));
  return { members } as SurgeryTeam;
}

async function readUsualTeam(db: Executor, medicId: number): Promise<UsualTeam> {
  const members = await db
    .select({
      role: medicUsualTeamMembers.role,
      name: medicUsualTeamMembers.name,
      council: medicUsualTeamMembers.council,
      council_number: medicUsualTeamMembers.councilNumber,
      council_uf: medicUsualTeamMembers.councilUf,
      cbo: medicUsualTeamMembers.cbo,
      cpf: medicUsualTeamMembers.cpf,
      fee_cents: medicUsualTeamMembers.feeCents,
    })
    .from(medicUsualTeamMembers)
    .where(eq(medicUsualTeamMembers.medicId, medicId))
    .orderBy(asc(medicUsualTeamMembers.position));
  return { members } as UsualTeam;
}

const memberValues = (member: UsualTeamInput['members'][number], position: number) => ({
  position,
  role: member.role,
  name: member.name!,
  council: member.council,
  councilNumber: member.council_number,
  councilUf: member.council_uf,
  cbo: member.cbo,
  cpf: member.cpf,
  feeCents: member.fee_cents,
});

/**
 * The surgical team of a case and the medic's usual team (issue 37; openapi getSurgeryTeam, updateSurgeryTeam,
 * getUsualTeam, updateUsualTeam). The surgeon is the case's medic and is not a member. A case's team may be written
 * at any stage, a concluded case's too (the team is passed its fees after the plan pays); it is not part of the
 * case's version (the lifecycle's moves do not read it), so the last save wins, and every save is audited.
 */
export function createTeamService({ db, now }: { db: Database; now: () => Date }) {
  return {
    /** 404 for a case the user does not see: answered before the body is looked at. */
    async assertVisible(user: User, surgeryId: number): Promise<void> {
      if (!(await visibleSurgeryRow(db, user, surgeryId))) throw notFound(SURGERY_NOT_FOUND);
    },

    async getForCase(user: User, surgeryId: number): Promise<SurgeryTeam> {
      const row = await visibleSurgeryRow(db, user, surgeryId);
      if (!row) throw notFound(SURGERY_NOT_FOUND);
      return readSurgeryTeam(db, surgeryId);
    },

    async putForCase(user: User, surgeryId: number, input: SurgeryTeamInput): Promise<SurgeryTeam> {
      return db.transaction(async (tx) => {
        const row = await visibleSurgeryRow(tx, user, surgeryId, { lock: true });
        if (!row) throw notFound(SURGERY_NOT_FOUND);
        await tx.delete(surgeryTeamMembers).where(eq(surgeryTeamMembers.surgeryId, surgeryId));
        if (input.members.length > 0) {
          await tx
            .insert(surgeryTeamMembers)
            .values(input.members.map((member, index) => ({ surgeryId, ...memberValues(member, index + 1), paidOn: member.paid_on ?? null })));
        }
        await recordChange(tx, user, caseChange(row, 'team'), now());
        return readSurgeryTeam(tx, surgeryId);
      });
    },

    getUsual: (medicId: number) => readUsualTeam(db, medicId),

    async putUsual(medicId: number, input: UsualTeamInput): Promise<UsualTeam> {
      await db.transaction(async (tx) => {
        await tx.delete(medicUsualTeamMembers).where(eq(medicUsualTeamMembers.medicId, medicId));
        if (input.members.length > 0) {
          await tx.insert(medicUsualTeamMembers).values(input.members.map((member, index) => ({ medicId, ...memberValues(member, index + 1) })));
        }
      });
      return readUsualTeam(db, medicId);
    },
  };
}
