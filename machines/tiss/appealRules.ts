import { Problems, type MissingField } from './fieldChecks';
import { checkTransaction, MAX_GUIDES_PER_LOT, SENDER_LABELS } from './guideRules';
import { GLOSA_CODES, PARTICIPATION_LABELS, PROCEDURE_TABLES } from './tissDomains';
import { tissCode } from './tissText';
import type { AppealedGuide, AppealedItem, Draft, GlosaAppeal } from './types';

/**
 * What a recurso de glosa (XSD ctm_recursoGlosa) lacks before its XML can be written, and its total: pure, the
 * counterpart of ./guideRules.ts for appeals.
 */

/** The labels of the contracted provider (dadosContratado): the medic who was paid. */
const CONTRACTED_LABELS = { code: 'Código do prestador na operadora (recurso)', cpf: 'CPF do prestador (recurso)', cnpj: 'CNPJ do prestador (recurso)' };

function checkGlosa(problems: Problems, field: string, code: string | null | undefined, justification: string | null | undefined, label: string): void {
  problems.oneOf(`${field}.glosaCode`, code, GLOSA_CODES, `${label}: código da glosa`);
  problems.text(`${field}.justification`, justification, 500, `${label}: justificativa do recurso`);
}

function checkItem(problems: Problems, field: string, item: Draft<AppealedItem>, label: string): void {
  problems.integer(`${field}.sequence`, item.sequence, 1, 9999, `${label}: número do item na guia original`);
  problems.date(`${field}.performedOn`, item.performedOn, `${label}: data de realização`);
  if (item.performedUntil) problems.date(`${field}.performedUntil`, item.performedUntil, `${label}: data final`);
  problems.oneOf(`${field}.table`, item.table, PROCEDURE_TABLES, `${label}: tabela do procedimento`);
  problems.code(`${field}.code`, item.code, 10, `${label}: código do procedimento`);
  problems.text(`${field}.description`, item.description, 150, `${label}: descrição do procedimento`);
  if (item.participation) problems.oneOf(`${field}.participation`, item.participation, Object.keys(PARTICIPATION_LABELS), `${label}: grau de participação`);
  checkGlosa(problems, field, item.glosaCode, item.justification, label);
  problems.cents(`${field}.appealedCents`, item.appealedCents, 8, `${label}: valor recursado`, true);
}

function checkGuide(problems: Problems, field: string, guide: Draft<AppealedGuide>, label: string): void {
  problems.code(`${field}.providerGuideNumber`, guide.providerGuideNumber, 20, `${label}: número da guia original`);
  problems.optionalCode(`${field}.planGuideNumber`, guide.planGuideNumber, 20, `${label}: número da guia na operadora`);
  problems.optionalCode(`${field}.authorizationPassword`, guide.authorizationPassword, 20, `${label}: senha`);
  const glosas = guide.glosas;
  if (glosas?.kind === 'wholeGuide') {
    if ((glosas.glosas ?? []).length === 0) problems.add(`${field}.glosas`, `${label}: ao menos uma glosa recorrida`);
    (glosas.glosas ?? []).forEach((glosa, index) => {
      checkGlosa(problems, `${field}.glosas.glosas[${index}]`, glosa?.glosaCode, glosa?.justification, `${label}, glosa ${index + 1}`);
      problems.cents(`${field}.glosas.glosas[${index}].appealedCents`, glosa?.appealedCents, 8, `${label}, glosa ${index + 1}: valor recursado`, true);
    });
  } else if (glosas?.kind === 'items') {
    if ((glosas.items ?? []).length === 0) problems.add(`${field}.glosas`, `${label}: ao menos um procedimento recorrido`);
    (glosas.items ?? []).forEach((item, index) => checkItem(problems, `${field}.glosas.items[${index}]`, item ?? {}, `${label}, item ${index + 1}`));
  } else problems.add(`${field}.glosas`, `${label}: glosas recorridas (da guia inteira ou por procedimento)`);
}

/** What a recurso de glosa still lacks, field by field (empty when it can be written). */
export function missingAppealFields(appeal: Draft<GlosaAppeal>): MissingField[] {
  const problems = new Problems();
  problems.providerId('sender', appeal.sender, SENDER_LABELS);
  checkTransaction(problems, appeal.transaction);
  problems.ansRegistry('planAnsRegistry', appeal.planAnsRegistry, 'Registro ANS do plano de saúde');
  problems.text('planName', appeal.planName, 70, 'Nome do plano de saúde');
  problems.code('appealNumber', appeal.appealNumber, 20, 'Número do recurso');
  problems.optionalCode('planAppealNumber', appeal.planAppealNumber, 20, 'Número do recurso na operadora');
  problems.providerId('contracted', appeal.contracted, CONTRACTED_LABELS);
  problems.code('lotNumber', appeal.lotNumber, 12, 'Número do lote original');
  const protocol = tissCode(appeal.protocolNumber);
  if (protocol === '') problems.add('protocolNumber', 'Número do protocolo do lote original');
  else if (!/^\d{1,12}$/.test(protocol)) problems.add('protocolNumber', 'Número do protocolo do lote original: só dígitos, no máximo 12');
  const subject = appeal.subject;
  if (subject?.kind === 'protocol') {
    checkGlosa(problems, 'subject', subject.glosaCode, subject.justification, 'Recurso do protocolo');
    problems.cents('subject.appealedCents', subject.appealedCents, 10, 'Recurso do protocolo: valor recursado', true);
  } else if (subject?.kind === 'guides') {
    const guides = subject.guides ?? [];
    if (guides.length === 0) problems.add('subject.guides', 'Ao menos uma guia no recurso');
    if (guides.length > MAX_GUIDES_PER_LOT) problems.add('subject.guides', `Um recurso leva no máximo ${MAX_GUIDES_PER_LOT} guias (este tem ${guides.length})`);
    guides.forEach((guide, index) => {
      const number = tissCode(guide?.providerGuideNumber);
      checkGuide(problems, `subject.guides[${index}]`, guide ?? {}, `Guia ${number || index + 1}`);
    });
  } else problems.add('subject', 'O que é recorrido: o protocolo inteiro ou guias');
  problems.date('appealedOn', appeal.appealedOn, 'Data do recurso');
  const total = appealTotalCents(appeal);
  if (total !== null && total >= 10 ** 10) problems.add('subject', 'O valor total recursado passa do máximo aceito pela TISS');
  return problems.list;
}

/**
 * valorTotalRecursado: the sum of the amounts claimed back (the protocol's, or every guide's glosas and items), in
 * centavos; null while some amount is not an integer.
 */
export function appealTotalCents(appeal: Draft<GlosaAppeal>): number | null {
  const subject = appeal.subject;
  const amounts: Array<number | null | undefined> =
    subject?.kind === 'protocol'
      ? [subject.appealedCents]
      : (subject?.kind === 'guides' ? (subject.guides ?? []) : []).flatMap((guide) =>
          guide?.glosas?.kind === 'wholeGuide'
            ? (guide.glosas.glosas ?? []).map((glosa) => glosa?.appealedCents)
            : guide?.glosas?.kind === 'items'
              ? (guide.glosas.items ?? []).map((item) => item?.appealedCents)
              : [],
        );
  if (!amounts.every((value) => Number.isSafeInteger(value))) return null;
  return amounts.reduce((sum: number, value) => sum + value!, 0);
}
