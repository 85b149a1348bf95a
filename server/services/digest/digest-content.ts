/**
 * What a morning digest says (issue 39 item 3, docs/DIGEST.md): tomorrow's surgeries, the authorizations about to
 * expire (or expiring before their surgery), the glosa appeals due within 7 days, and the overdue cases the person
 * holds, each with its case's link. Built from the same services the homes' panels read, for one account and one
 * São Paulo day; null when there is nothing to say (no e-mail then).
 */
import { and, asc, eq, gte, lt, notInArray } from 'drizzle-orm';
import { ACTIVE_STATUSES, STATUS_LABELS } from '../../../machines/constants';
import { DIGEST_TEXTS as T } from '../../../machines/account/digestTexts';
import { addDays, brDate } from '../../../machines/rules/dates';
import { hospitals, patients, surgeries } from '../../db/schema/index';
import type { Database } from '../../db/client';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/html';
import { visibleSurgeriesCondition } from '../access/scope';
import { createAuthorizationService } from '../preoperative/authorizations';
import { createReceivablesService } from '../ledger/receivables';
import { patientInitials } from '../calendar/calendar-feed';
import { saoPauloDayBounds, toSaoPauloIso } from '../sao-paulo-time';
import { surgeryListWhere } from '../surgeries/surgery-service';

export type DigestReader = { id: number; type: 'medic' | 'secretary'; firstName: string; email: string };

type Line = { text: string; surgeryId: number };
type Section = { title: string; lines: Line[] };

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

function appealWhen(daysLeft: number, deadline: string): string {
  if (daysLeft < 0) return fill(T.appealOverdue, { date: brDate(deadline) });
  if (daysLeft === 0) return T.appealDueToday;
  if (daysLeft === 1) return fill(T.appealDueTomorrow, { date: brDate(deadline) });
  return fill(T.appealDueIn, { days: daysLeft, date: brDate(deadline) });
}

/** The digest's sections for `reader` on São Paulo day `today`; empty sections left out. */
export async function digestSections(db: Database, reader: DigestReader, today: string, now: () => Date): Promise<Section[]> {
  const tomorrow = addDays(today, 1);
  const bounds = saoPauloDayBounds(tomorrow)!;
  const scheduled = await db
    .select({ id: surgeries.id, schedule: surgeries.schedule, name: patients.nomeCompleto, hospital: hospitals.fantasyName })
    .from(surgeries)
    .innerJoin(patients, eq(patients.id, surgeries.patientId))
    .leftJoin(hospitals, eq(hospitals.id, surgeries.hospitalId))
    .where(
      and(
        visibleSurgeriesCondition(db, reader),
        gte(surgeries.schedule, bounds.start),
        lt(surgeries.schedule, bounds.end),
        notInArray(surgeries.status, ['cancelado', 'arquiv']),
      ),
    )
    .orderBy(asc(surgeries.schedule), asc(surgeries.id));

  const authorizationAlerts = await createAuthorizationService({ db, now }).alerts(reader, today);
  const appealAlerts = await createReceivablesService({ db, now }).appealAlerts(reader);

  const overdueWhere = await surgeryListWhere(
    db,
    reader,
    { statuses: ACTIVE_STATUSES, scheduledOnly: false, day: null, limit: 50, offset: 0, ordering: 'status_changed_at', search: '', overdue: true, mine: true },
    today,
  );
  const overdue = overdueWhere
    ? await db
        .select({ id: surgeries.id, status: surgeries.status, since: surgeries.statusChangedAt, name: patients.nomeCompleto })
        .from(surgeries)
        .innerJoin(patients, eq(patients.id, surgeries.patientId))
        .where(overdueWhere)
        .orderBy(asc(surgeries.statusChangedAt), asc(surgeries.id))
        .limit(50)
    : [];

  const sections: Section[] = [
    {
      title: fill(T.tomorrow, { date: brDate(tomorrow) }),
      lines: scheduled.map((row) => ({
        surgeryId: row.id,
        text: [toSaoPauloIso(row.schedule!).slice(11, 16), patientInitials(row.name), row.hospital].filter(Boolean).join(' — '),
      })),
    },
    {
      title: T.authorizations,
      lines: authorizationAlerts.map((alert) => ({ surgeryId: alert.surgery_id, text: `${patientInitials(alert.patient.nome_completo)}: ${alert.message}` })),
    },
    {
      title: T.appeals,
      lines: appealAlerts.map((alert) => ({
        surgeryId: alert.surgery,
        text: `${patientInitials(alert.patient.nome_completo)}: ${appealWhen(alert.days_left, alert.appeal_deadline)}`,
      })),
    },
    {
      title: T.overdue,
      lines: overdue.map((row) => ({
        surgeryId: row.id,
        text: `${patientInitials(row.name)}: ${fill(T.overdueSince, { stage: STATUS_LABELS[row.status], date: brDate(toSaoPauloIso(row.since).slice(0, 10)) })}`,
      })),
    },
  ];
  return sections.filter((section) => section.lines.length > 0);
}

/** The e-mail of `sections` (text and HTML), or null when there is nothing to tell. */
export function digestMessage(
  reader: DigestReader,
  today: string,
  sections: Section[],
  { publicUrl, unsubscribeUrl }: { publicUrl: string; unsubscribeUrl: string },
): MailMessage | null {
  if (sections.length === 0) return null;
  const caseUrl = (id: number) => `${publicUrl}/surgery-details/${id}`;
  const text = [
    fill(T.greeting, { name: reader.firstName }),
    '',
    T.intro,
    ...sections.flatMap((section) => ['', `${section.title}:`, ...section.lines.map((line) => `- ${line.text} (${T.openCase}: ${caseUrl(line.surgeryId)})`)]),
    '',
    T.privacy,
    fill(T.unsubscribe, { url: unsubscribeUrl }),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(fill(T.greeting, { name: reader.firstName }))}</p>`,
    `<p>${escapeHtml(T.intro)}</p>`,
    ...sections.map(
      (section) =>
        `<h2 style="font-size:16px">${escapeHtml(section.title)}</h2><ul>${section.lines
          .map((line) => `<li>${escapeHtml(line.text)} — <a href="${escapeHtml(caseUrl(line.surgeryId))}">${escapeHtml(T.openCase)}</a></li>`)
          .join('')}</ul>`,
    ),
    `<p style="color:#555">${escapeHtml(T.privacy)}</p>`,
    `<p style="color:#555"><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(fill(T.unsubscribe, { url: '' }).replace(/:\s*$/, ''))}</a></p>`,
  ].join('');
  return { to: reader.email, subject: fill(T.subject, { date: brDate(today) }), text, html };
}

