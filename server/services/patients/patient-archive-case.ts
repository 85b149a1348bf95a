import { DOCUMENT_LABELS, PAYMENT_SOURCE_LABELS, STATUS_LABELS, type ApprovalValue } from '../../../machines/constants';
import { APPEAL_OUTCOME_LABELS, RECEIPT_PAYER_LABELS } from '../../../machines/ledger/constants';
import {
  AUTHORIZATION_PAYER_LABELS,
  AUTHORIZATION_STATUS_LABELS,
  DISPATCH_CHANNEL_LABELS,
  LOSS_REASON_LABELS,
  OPME_DECISION_LABELS,
} from '../../../machines/preoperative/constants';
import type { SurgeryRow } from '../../db/schema/index';
import { toSaoPauloIso } from '../sao-paulo-time';
import type { CaseRows } from './patient-archive-data';

/**
 * One case of a patient's data-subject archive in words (issue 33 item 18): stage labels, names instead of ids,
 * money in reais as decimal text ("6500.00", the unit in the key: `_em_reais`), instants in São Paulo time.
 */

export type ArchiveNames = {
  people: Map<number, { name: string; type: 'medic' | 'secretary'; crm: string | null }>;
  hospitals: Map<number, { nome: string; cidade: string | null; uf: string | null; cnes: string | null }>;
  plans: Map<number, { nome: string; razao_social: string; registro_ans: string | null }>;
};

const APPROVAL_LABELS: Record<ApprovalValue, string> = { aprovada: 'Aprovada', negada: 'Negada' };

const SETTLEMENT_LABELS = { glosa: 'Glosa', perda: 'Perda (baixa)' } as const;

/** Integer centavos as reais in decimal text: 650000 → '6500.00' (no floating point). */
function reais(cents: number | null): string | null {
  if (cents === null) return null;
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A numeric(12,2) column as read ('6500.00', '6500.5') in the same text as reais(). */
function numericReais(value: string | null): string | null {
  if (value === null) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

const iso = (at: Date | null) => (at ? toSaoPauloIso(at) : null);

export function caseRecord(
  surgery: SurgeryRow,
  rows: CaseRows,
  names: ArchiveNames,
  documentFile: (row: CaseRows['documents'][number]) => string,
) {
  const person = (id: number | null) => (id ? (names.people.get(id)?.name ?? null) : null);
  const mine = <Row extends { surgeryId: number }>(list: Row[]) => list.filter((row) => row.surgeryId === surgery.id);
  const approval = (value: ApprovalValue | null) => (value ? APPROVAL_LABELS[value] : null);
  const ledger = mine(rows.ledgers)[0];
  const medic = names.people.get(surgery.medicId);
  return {
    numero: surgery.id,
    medico: medic?.name ?? null,
    etapa_atual: STATUS_LABELS[surgery.status],
    na_etapa_desde: iso(surgery.statusChangedAt),
    responsavel_atual: person(surgery.holderId) ?? medic?.name ?? null,
    hospital: surgery.hospitalId ? (names.hospitals.get(surgery.hospitalId) ?? null) : null,
    convenio: surgery.healthPlanId ? (names.plans.get(surgery.healthPlanId) ?? null) : null,
    fonte_pagadora: surgery.paymentFountains ? PAYMENT_SOURCE_LABELS[surgery.paymentFountains] : null,
    usa_opme: surgery.opme,
    procedimentos: mine(rows.procedureRows).map((row) => ({ codigo: row.code, descricao: row.description })),
    cids: mine(rows.cidRows).map((row) => ({ codigo: row.code, descricao: row.description })),
    observacoes: surgery.surgeryNote,
    honorarios_previstos_em_reais: numericReais(surgery.feesPayments),
    chegada_da_documentacao: surgery.documentArrivals,
    observacoes_da_documentacao: surgery.documentNote,
    aprovacao_do_hospital: approval(surgery.hospitalApprovals),
    observacoes_da_aprovacao_do_hospital: surgery.hospitalApprovalsNote,
    aprovacao_do_convenio: approval(surgery.planApprovals),
    observacoes_da_aprovacao_do_convenio: surgery.planApprovalsNote,
    aprovacao_do_opme: approval(surgery.opmeApprovals),
    observacoes_da_aprovacao_do_opme: surgery.opmeApprovalsNote,
    modelo_do_hospital_preenchido: surgery.hospitalTemplateOk,
    modelo_do_convenio_preenchido: surgery.planoTemplateOk,
    agendada_para: iso(surgery.schedule),
    observacoes_do_agendamento: surgery.scheduleNote,
    realizada_em: surgery.accomplishment,
    observacoes_da_realizacao: surgery.accomplishmentNote,
    recebido_em_reais: numericReais(surgery.paymentDone),
    data_do_ultimo_recebimento: surgery.datePayment,
    observacoes_do_pagamento: surgery.paymentNotes,
    concluida_em: iso(surgery.concludedAt),
    cadastrada_em: iso(surgery.createdAt),
    cadastrada_por: person(surgery.createdBy),
    atualizada_em: iso(surgery.updatedAt),
    historico_de_etapas: mine(rows.history).map((row) => ({
      quando: toSaoPauloIso(row.changedAt),
      de: row.fromStatus ? STATUS_LABELS[row.fromStatus] : null,
      para: STATUS_LABELS[row.toStatus],
      por: person(row.changedBy),
      motivo: row.reason ? LOSS_REASON_LABELS[row.reason] : null,
      observacao_do_motivo: row.reasonNote,
      documentos_faltantes_confirmados: row.missingDocuments ?? [],
    })),
    autorizacoes: mine(rows.authorizations).map((row) => ({
      de: AUTHORIZATION_PAYER_LABELS[row.payer],
      situacao: AUTHORIZATION_STATUS_LABELS[row.status],
      solicitada_em: row.requestedOn,
      protocolo: row.protocol,
      senha: row.password,
      decidida_em: row.decidedOn,
      valida_ate: row.validUntil,
      observacoes: row.notes,
      atualizada_por: person(row.updatedBy),
      atualizada_em: iso(row.updatedAt),
    })),
    documentos_marcados_como_recebidos: mine(rows.marks).map((row) => ({ documento: row.name, marcado_em: iso(row.markedAt), marcado_por: person(row.markedBy) })),
    envios_de_documentos: mine(rows.dispatches).map((row) => ({
      enviado_em: row.sentOn,
      destinatario: row.recipient,
      meio: DISPATCH_CHANNEL_LABELS[row.channel],
      documentos: row.items,
      observacoes: row.notes,
      registrado_por: person(row.createdBy),
      registrado_em: iso(row.createdAt),
    })),
    materiais_opme: mine(rows.items).map((item) => ({
      descricao: item.description,
      quantidade: item.quantity,
      autorizacao: item.decision ? OPME_DECISION_LABELS[item.decision] : null,
      quantidade_autorizada: item.authorizedQuantity,
      cotacoes: rows.quotes
        .filter((quote) => quote.itemId === item.id)
        .map((quote) => ({
          fornecedor: quote.supplier,
          marca: quote.brand,
          preco_unitario_em_reais: numericReais(quote.unitPrice),
          escolhida: item.chosenQuote === quote.position,
        })),
    })),
    faturamento: ledger
      ? {
          faturado_em: ledger.billedOn,
          guia_ou_lote: ledger.billingReference,
          baixa_em_reais: reais(ledger.writtenOffCents),
          diferenca_na_conclusao: ledger.settlement ? SETTLEMENT_LABELS[ledger.settlement] : null,
          diferenca_registrada_em: ledger.settledOn,
          atualizado_por: person(ledger.updatedBy),
        }
      : null,
    recebimentos: mine(rows.receipts).map((row) => ({
      recebido_em: row.receivedOn,
      valor_em_reais: reais(row.amountCents),
      pago_por: RECEIPT_PAYER_LABELS[row.payer],
      observacao: row.note,
      registrado_por: person(row.createdBy),
    })),
    glosas: mine(rows.glosas).map((row) => ({
      data_da_glosa: row.glosaOn,
      valor_em_reais: reais(row.amountCents),
      motivo: row.reason,
      prazo_do_recurso: row.appealDeadline,
      recurso_enviado_em: row.appealFiledOn,
      resultado_do_recurso: row.appealOutcome ? APPEAL_OUTCOME_LABELS[row.appealOutcome] : null,
      valor_recuperado_em_reais: reais(row.recoveredCents),
      observacao: row.note,
      registrado_por: person(row.createdBy),
    })),
    documentos: mine(rows.documents).map((row) => ({
      documento: row.kind ? DOCUMENT_LABELS[row.kind] : (row.name ?? ''),
      nome_original: row.originalName,
      tipo_de_arquivo: row.contentType,
      tamanho_em_bytes: row.size,
      enviado_em: iso(row.uploadedAt),
      enviado_por: person(row.uploadedBy),
      arquivo: documentFile(row),
    })),
  };
}
