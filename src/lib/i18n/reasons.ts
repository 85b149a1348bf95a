import { LOSS_REASON_LABELS, LOSS_REASONS } from '../../../machines/preoperative/constants';

/**
 * User-facing pt-BR texts of the loss reasons (issue 13; DECISIONS §15 "Reasons"): the reason asked in the archive
 * and cancel dialogs (whose own SPEC texts stay in ./surgeries.ts), the reason shown on a closed case, and the
 * dashboard's 'Cirurgias perdidas por motivo'. The reasons' labels are machines/preoperative/constants.ts'
 * LOSS_REASON_LABELS. `{name}` placeholders are filled by `fill()` (./pt-BR.ts).
 */
export const reasonsTexts = {
  dialog: {
    archiveLabel: 'Motivo do arquivamento',
    cancelLabel: 'Motivo do cancelamento',
    placeholder: 'Selecione o motivo',
    noteLabel: 'Descrição do motivo',
    notePlaceholder: 'Conte em poucas palavras o que aconteceu',
    /** Under the note: how much was typed, and whether 'Outro motivo' makes it required. */
    noteCounter: '{count}/{max}',
    noteRequiredHint: 'Obrigatória para "Outro motivo". {count}/{max}',
  },
  /** The reasons for the select, in the list's order. */
  options: LOSS_REASONS.map((value) => ({ value, label: LOSS_REASON_LABELS[value] })),
  /** On a closed case (the details page's notice). */
  caseReason: 'Motivo: {reason}',
  caseReasonWithNote: 'Motivo: {reason} — {note}',
  dashboard: {
    title: 'Cirurgias perdidas por motivo',
    intro: 'Cirurgias canceladas ou arquivadas, pelo motivo informado ao encerrar o caso.',
    total: '{count} cirurgias perdidas',
    totalOne: '1 cirurgia perdida',
    empty: 'Nenhuma cirurgia cancelada ou arquivada.',
    listLabel: 'Cirurgias perdidas por motivo: quantidade por motivo',
    /** One row as read aloud: 'Paciente desistiu: 3 cirurgias (42,9%)'. */
    item: '{name}: {count} ({share})',
    countOne: '1 cirurgia',
    count: '{count} cirurgias',
  },
} as const;
