/** The calendar feed's texts (issue 39 item 1): what a subscribed calendar shows of a surgery, in pt-BR. */
export const CALENDAR_FEED_TEXTS = {
  calendarName: 'Cirurgias',
  eventTitle: 'Cirurgia',
  patient: 'Paciente',
  procedures: 'Procedimentos',
  medic: 'Médico',
  cancelled: 'Cirurgia cancelada.',
  archived: 'Caso arquivado.',
  openCase: 'Abrir o caso',
} as const;
