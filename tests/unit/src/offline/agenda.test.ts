import { describe, expect, it } from 'vitest';
import type { Surgery } from '../../../../src/api/surgeryList';
import {
  addDays,
  agendaWindow,
  bannerText,
  buildOfflineAgenda,
  dayHeading,
  daysToShow,
  syncedAtText,
  toOfflineCase,
} from '../../../../src/lib/offline/agenda';
import { isOfflineAgenda } from '../../../../src/lib/offline/agendaRecord';

/** A listed case with everything the list sends, personal data included, to see what the copy leaves out. */
function surgery(id: number, schedule: string | null, name: string, extra: Partial<Surgery> = {}): Surgery {
  return {
    id,
    schedule,
    status: 'realizacao',
    patient: { id: id * 10, nome_completo: name, foto: `/files/foto-${id}.jpg`, cellphone: '11977776666' },
    medic: { id: 1, first_name: 'Carlos', last_name: 'Souza' },
    hospital: { id: 3, fantasy_name: 'Hospital Sírio-Libanês' },
    procedure: [{ id: 7, description: 'Apendicectomia', code: '31003079' }],
    surgery_note: 'nota clínica',
    fees_payments: 3100,
    ...extra,
  } as unknown as Surgery;
}

describe('agendaWindow', () => {
  it("covers São Paulo's today and the six days after, whatever the device's clock zone", () => {
    // 02:30 UTC on 5 December is still 23:30 on the 4th in São Paulo (UTC−3).
    expect(agendaWindow(new Date('2025-12-05T02:30:00Z'))).toEqual([
      '2025-12-04', '2025-12-05', '2025-12-06', '2025-12-07', '2025-12-08', '2025-12-09', '2025-12-10',
    ]);
    expect(agendaWindow(new Date('2025-12-05T03:00:00Z'))[0]).toBe('2025-12-05');
  });

  it('crosses months and years by the calendar', () => {
    expect(agendaWindow(new Date('2025-12-29T12:00:00Z'))).toEqual([
      '2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04',
    ]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
  });
});

describe('buildOfflineAgenda', () => {
  it('keeps only the time, the patient name, the procedure, the hospital and the case id, per day, in time order', () => {
    const agenda = buildOfflineAgenda(42, new Date('2025-12-04T10:30:00Z'), [
      {
        date: '2025-12-04',
        surgeries: [
          surgery(2, '2025-12-04T14:00:00-03:00', 'Bruna Lima'),
          surgery(1, '2025-12-04T07:30:00-03:00', 'Ana Souza'),
          surgery(3, null, 'Caio Dias', { hospital: null, procedure: [] } as Partial<Surgery>),
        ],
      },
      { date: '2025-12-05', surgeries: [] },
    ]);
    expect(agenda).toEqual({
      userId: 42,
      syncedAt: '2025-12-04T10:30:00.000Z',
      days: [
        {
          date: '2025-12-04',
          cases: [
            { id: 1, schedule: '2025-12-04T07:30:00-03:00', patientName: 'Ana Souza', procedure: 'Apendicectomia', hospital: 'Hospital Sírio-Libanês' },
            { id: 2, schedule: '2025-12-04T14:00:00-03:00', patientName: 'Bruna Lima', procedure: 'Apendicectomia', hospital: 'Hospital Sírio-Libanês' },
            { id: 3, schedule: null, patientName: 'Caio Dias', procedure: null, hospital: null },
          ],
        },
        { date: '2025-12-05', cases: [] },
      ],
    });
    const stored = JSON.stringify(agenda);
    for (const personal of ['11977776666', 'foto', 'nota clínica', '3100', 'Carlos']) expect(stored).not.toContain(personal);
  });

  it('joins several procedures', () => {
    const item = toOfflineCase(
      surgery(1, null, 'Ana', {
        procedure: [
          { id: 1, description: 'Apendicectomia', code: '1' },
          { id: 2, description: ' Colecistectomia ', code: '2' },
        ],
      } as Partial<Surgery>),
    );
    expect(item.procedure).toBe('Apendicectomia; Colecistectomia');
  });
});

describe('the offline screen texts', () => {
  it("writes the banner with the copy's time in São Paulo: 'Sem conexão — dados de dd/mm hh:mm'", () => {
    const agenda = buildOfflineAgenda(1, new Date('2025-12-04T10:30:00Z'), []);
    expect(bannerText(agenda)).toBe('Sem conexão — dados de 04/12 07:30');
    // Past midnight UTC, still the evening before in São Paulo.
    expect(syncedAtText('2026-01-01T01:05:00Z')).toBe('31/12 22:05');
    expect(bannerText(null)).toBe('Sem conexão');
  });

  it("names today and tomorrow, then the weekday and dd/mm, by São Paulo's day", () => {
    const now = new Date('2025-12-05T02:30:00Z'); // Thursday 4 December, 23:30 in São Paulo
    expect(dayHeading('2025-12-04', now)).toBe('Hoje · quinta-feira, 04/12');
    expect(dayHeading('2025-12-05', now)).toBe('Amanhã · sexta-feira, 05/12');
    expect(dayHeading('2025-12-06', now)).toBe('sábado, 06/12');
  });

  it('shows the days from today on: a copy read days ago loses the days that have passed', () => {
    const agenda = buildOfflineAgenda(
      1,
      new Date('2025-12-01T12:00:00Z'),
      agendaWindow(new Date('2025-12-01T12:00:00Z')).map((date) => ({ date, surgeries: [] })),
    );
    expect(daysToShow(agenda, new Date('2025-12-01T12:00:00Z'))).toHaveLength(7);
    expect(daysToShow(agenda, new Date('2025-12-03T12:00:00Z')).map((day) => day.date)[0]).toBe('2025-12-03');
    expect(daysToShow(agenda, new Date('2025-12-09T12:00:00Z'))).toEqual([]);
  });
});

describe('isOfflineAgenda', () => {
  it('accepts a stored copy and refuses anything else', () => {
    expect(isOfflineAgenda(buildOfflineAgenda(1, new Date(), [{ date: '2025-12-04', surgeries: [] }]))).toBe(true);
    expect(isOfflineAgenda(null)).toBe(false);
    expect(isOfflineAgenda({ userId: '1', syncedAt: '2025-12-04T10:30:00Z', days: [] })).toBe(false);
    expect(isOfflineAgenda({ userId: 1, syncedAt: 'ontem', days: [] })).toBe(false);
    expect(isOfflineAgenda({ userId: 1, syncedAt: '2025-12-04T10:30:00Z', days: [{ date: '2025-12-04' }] })).toBe(false);
  });
});
