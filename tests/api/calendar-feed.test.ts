/**
 * The calendar feed (issue 39 item 1; openapi getCalendarFeed … readCalendarFeed): a private iCalendar address per
 * account, read here by a third-party parser (ical.js) as a calendar app would: São Paulo times through the feed's
 * VTIMEZONE, stable UIDs with a SEQUENCE that grows, a rescheduled case moved, an archived or cancelled one
 * CANCELLED; initials by default; a new address ends the old one; another account's address never lists these cases;
 * every read in the audit.
 */
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, calendarFeeds } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { signInMedicSecretaryAndOther, type MedicSecretaryAndOther } from '../helpers/fixtures';

const SETTINGS = '/project_auth/api/v1/calendar_feed/';
const PUBLIC_URL = 'https://cirurgias.exemplo.com.br';
const FEED_URL = /^https:\/\/cirurgias\.exemplo\.com\.br(\/project_auth\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let accounts: MedicSecretaryAndOther;
type Headers = MedicSecretaryAndOther['asMedic'];

beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: PUBLIC_URL } });
  accounts = await signInMedicSecretaryAndOther(t.deps, t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', headers?: Headers, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: SETTINGS, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload }) });

/** Makes (or makes again) the account's address; answers its path. */
async function newAddress(headers: Headers): Promise<string> {
  const res = await call('POST', headers);
  expect(res.statusCode).toBe(201);
  const body = res.json<{ url: string; webcal_url: string }>();
  const match = FEED_URL.exec(body.url);
  expect(match, body.url).not.toBeNull();
  expect(body.webcal_url).toBe(body.url.replace('https:', 'webcal:'));
  return match![1]!;
}

type FeedEvent = { uid: string; sequence: number; start: Date; startHour: number; summary: string; location: string; description: string; status: string };

/** Reads the feed at `path` and parses it with ical.js, its VTIMEZONE registered as a calendar app does. */
async function readFeed(path: string): Promise<FeedEvent[]> {
  const res = await t.app.inject({ method: 'GET', url: path, remoteAddress: '10.39.0.7' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  expect(zone?.getFirstPropertyValue('tzid')).toBe('America/Sao_Paulo');
  ICAL.TimezoneService.register(zone!);
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate(),
      startHour: event.startDate.hour,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: String(vevent.getFirstPropertyValue('status')),
    };
  });
}

const update = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/surgery/api/v1/update/${id}/`, headers: accounts.asMedic, payload });

describe('the calendar feed', () => {
  it('starts off, and refuses without a sign-in', async () => {
    const res = await call('GET', accounts.asMedic);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ active: false, full_names: false, created_at: null });
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
      expect((await call(method, undefined, method === 'PATCH' ? { full_names: true } : undefined)).statusCode).toBe(401);
    }
  });

  it('lists the scheduled cases in São Paulo time, by initials, and follows a rescheduling, an archive and a cancel', async () => {
    const { medic, otherMedic, asMedic } = accounts;
    const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Maria da Silva Souza' });
    const now = t.clock.now.getTime();
    // 07:30 in São Paulo (10:30 UTC), eight days ahead.
    const start = new Date(Math.floor((now + 8 * DAY_MS) / DAY_MS) * DAY_MS + 10.5 * 60 * 60 * 1000);
    const scheduled = await insertSurgery(t.deps.db, patient, { status: 'agendamento', schedule: start });
    const toCancel = await insertSurgery(t.deps.db, patient, { status: 'pagamento', schedule: new Date(start.getTime() - 20 * DAY_MS) });
    await insertSurgery(t.deps.db, patient, { status: 'concluido', schedule: new Date(now - 100 * DAY_MS) }); // too old
    await insertSurgery(t.deps.db, patient, { status: 'autorizacao' }); // no date
    const strangerPatient = await insertPatient(t.deps.db, otherMedic.id, { nomeCompleto: 'Outro Paciente' });
    await insertSurgery(t.deps.db, strangerPatient, { status: 'agendamento', schedule: start });

    const path = await newAddress(asMedic);
    const first = await readFeed(path);
    expect(first.map((event) => event.uid)).toEqual([`cirurgia-${toCancel.id}@cirurgias.exemplo.com.br`, `cirurgia-${scheduled.id}@cirurgias.exemplo.com.br`]);
    const event = first[1]!;
    expect(event.start.toISOString()).toBe(start.toISOString());
    expect(event.startHour).toBe(7);
    expect(event.summary).toMatch(/^Cirurgia — M\.S\.S\. — /);
    expect(`${event.summary}${event.description}`).not.toContain('Maria');
    const { hospitalIds } = await lookupIds(t.deps.db);
    expect(hospitalIds[0]).toBe(scheduled.hospitalId);
    expect(event.location).not.toBe('');
    expect(event.description).toContain(`Abrir o caso: ${PUBLIC_URL}/surgery-details/${scheduled.id}`);
    expect(event.status).toBe('CONFIRMED');

    // Rescheduled to 14:00 two days later: the same event, moved, with a higher SEQUENCE.
    const later = new Date(start.getTime() + 2 * DAY_MS + 6.5 * 60 * 60 * 1000);
    const saoPaulo = new Date(later.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
    const moved = await update(scheduled.id, { new_status: 'agendamento', schedule: saoPaulo });
    expect(moved.statusCode, moved.body).toBe(200);
    const second = await readFeed(path);
    const rescheduled = second.find((item) => item.uid === event.uid)!;
    expect(rescheduled.start.toISOString()).toBe(later.toISOString());
    expect(rescheduled.startHour).toBe(14);
    expect(rescheduled.sequence).toBeGreaterThan(event.sequence);

    // Archived and cancelled: still listed, as CANCELLED, each with a higher SEQUENCE.
    expect((await t.app.inject({ method: 'PUT', url: `/surgery/api/v1/archive_surgery/${scheduled.id}/`, headers: asMedic, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/surgery/api/v1/cancel_surgery/${toCancel.id}/`, headers: asMedic, payload: {} })).statusCode).toBe(200);
    const third = await readFeed(path);
    expect(third.map((item) => item.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(third[1]!.sequence).toBeGreaterThan(rescheduled.sequence);
    expect(third[0]!.sequence).toBeGreaterThan(first[0]!.sequence);
    expect(third[1]!.description).toContain('Caso arquivado.');
    expect(third[0]!.description).toContain('Cirurgia cancelada.');

    // Every read is in the medic's audit: a list of the cases shown, by the feed's owner, from the reader's address.
    await t.app.audit.flush();
    const reads = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.medicId, medic.id), eq(auditEvents.detail, 'calendar_feed')));
    expect(reads).toHaveLength(3);
    expect(reads[0]).toMatchObject({ actorId: medic.id, action: 'list', entity: 'surgery', patientIds: [patient.id], address: '10.39.0.7' });
    expect(reads[0]!.shownIds).toEqual([toCancel.id, scheduled.id]);
  });

  it('names the patient in full when asked, and refuses a bad preference with nothing written', async () => {
    const { asMedic, medic } = accounts;
    const path = await newAddress(asMedic);
    for (const payload of [{ full_names: 'sim' }, {}, { full_names: null }]) {
      const refused = await call('PATCH', asMedic, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.length).toBeGreaterThan(0);
      expect(JSON.stringify(refused.json())).toMatch(/full_names|Valor inválido|Informe/);
    }
    expect((await t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, medic.id)))[0]!.fullNames).toBe(false);

    const changed = await call('PATCH', asMedic, { full_names: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ active: true, full_names: true });
    const events = await readFeed(path);
    expect(events.some((event) => event.summary.includes('Maria da Silva Souza'))).toBe(true);
    expect((await call('PATCH', asMedic, { full_names: false })).json()).toMatchObject({ full_names: false });
  });

  it('ends the old address at once when a new one is made, or when turned off, and keeps only its hash', async () => {
    const { asMedic, medic } = accounts;
    const old = await newAddress(asMedic);
    const fresh = await newAddress(asMedic);
    expect(fresh).not.toBe(old);
    expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, medic.id));
    expect(JSON.stringify(row)).not.toContain(fresh.split('/').pop()!.replace('.ics', ''));

    const state = (await call('GET', asMedic)).json();
    expect(state.active).toBe(true);
    expect(Date.parse(state.created_at)).not.toBeNaN();

    expect((await call('DELETE', asMedic)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(404);
    expect((await call('GET', asMedic)).json()).toEqual({ active: false, full_names: false, created_at: null });
    expect((await call('DELETE', asMedic)).statusCode).toBe(204);
  });

  it("answers 404 to an unknown or malformed address", async () => {
    for (const file of [`${'A'.repeat(43)}.ics`, 'abc.ics', `${'A'.repeat(43)}`, '..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url: `/project_auth/api/v1/calendar/${file}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ['Registro não encontrado.'] });
    }
  });

  it("covers a secretary's medics, naming the medic; another medic's address never lists these cases", async () => {
    const { asSecretary, asOtherMedic, medic } = accounts;
    const secretaryEvents = await readFeed(await newAddress(asSecretary));
    expect(secretaryEvents.length).toBeGreaterThanOrEqual(2);
    expect(secretaryEvents.every((event) => event.description.includes(`Médico: ${medic.firstName} ${medic.lastName}`))).toBe(true);

    const otherEvents = await readFeed(await newAddress(asOtherMedic));
    expect(otherEvents).toHaveLength(1);
    expect(otherEvents[0]!.summary).toContain('O.P.');
    expect(secretaryEvents.map((event) => event.uid)).not.toContain(otherEvents[0]!.uid);
  });
});
