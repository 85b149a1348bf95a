import { appealTotalCents, missingAppealFields } from './appealRules';
import { TissInputError } from './guideRules';
import { tissCode, tissDecimal, tissDigits, tissText } from './tissText';
import { branch, leaf, optionalLeaf, providerIdElement, providerMessage, type TissMessage, type TissMessageOptions, type XmlElement } from './tissXml';
import type { AppealedGuide, AppealedItem, GlosaAppeal } from './types';

/**
 * The RECURSO_GLOSA message (dm_tipoTransacao) of a recurso de glosa (TISS 4.01.00: mensagemTISS →
 * prestadorParaOperadora/recursoGlosa/guiaRecursoGlosa, XSD ct_guiaRecursoLote and ctm_recursoGlosa): one appeal
 * against one lot already sent, either its whole protocol (objetoRecurso 1) or up to 100 of its guides (objetoRecurso
 * 2), each by the whole guide (recursoGuiaCompleta) or by procedure line (itensGuia). Checked first
 * (missingAppealFields): an appeal with problems throws TissInputError.
 */

function itemElement(item: AppealedItem): XmlElement {
  return branch('itensGuia', [
    leaf('sequencialItem', String(item.sequence)),
    leaf('dataInicio', item.performedOn),
    optionalLeaf('dataFim', item.performedUntil ?? ''),
    branch('procRecurso', [
      leaf('codigoTabela', item.table),
      leaf('codigoProcedimento', tissCode(item.code)),
      leaf('descricaoProcedimento', tissText(item.description, 150)),
    ]),
    optionalLeaf('grauParticipacao', item.participation ?? ''),
    leaf('codGlosaItem', item.glosaCode),
    leaf('valorRecursado', tissDecimal(item.appealedCents, 8)),
    leaf('justificativaItem', tissText(item.justification, 500)),
  ]);
}

function guideElement(guide: AppealedGuide): XmlElement {
  const glosas =
    guide.glosas.kind === 'wholeGuide'
      ? guide.glosas.glosas.map((glosa) =>
          branch('recursoGuiaCompleta', [leaf('codGlosaGuia', glosa.glosaCode), leaf('justificativaGuia', tissText(glosa.justification, 500))]),
        )
      : guide.glosas.items.map(itemElement);
  return branch('recursoGuia', [
    leaf('numeroGuiaOrigem', tissCode(guide.providerGuideNumber)),
    optionalLeaf('numeroGuiaOperadora', tissCode(guide.planGuideNumber)),
    optionalLeaf('senha', tissCode(guide.authorizationPassword)),
    branch('opcaoRecursoGuia', glosas),
  ]);
}

function optionElement(subject: GlosaAppeal['subject']): XmlElement {
  if (subject.kind === 'protocol') {
    return branch('opcaoRecurso', [
      branch('recursoProtocolo', [leaf('codigoGlosaProtocolo', subject.glosaCode), leaf('justificativaProtocolo', tissText(subject.justification, 500))]),
    ]);
  }
  return branch('opcaoRecurso', subject.guides.map(guideElement));
}

/**
 * The whole mensagemTISS (ISO-8859-1 XML and its hash) of a recurso de glosa. Throws TissInputError when
 * missingAppealFields finds anything.
 */
export function buildAppealLotMessage(appeal: GlosaAppeal, options: TissMessageOptions = {}): TissMessage {
  const problems = missingAppealFields(appeal);
  if (problems.length > 0) throw new TissInputError(problems);
  const body = branch('recursoGlosa', [
    branch('guiaRecursoGlosa', [
      leaf('registroANS', tissDigits(appeal.planAnsRegistry)),
      leaf('numeroGuiaRecGlosaPrestador', tissCode(appeal.appealNumber)),
      leaf('nomeOperadora', tissText(appeal.planName, 70)),
      leaf('objetoRecurso', appeal.subject.kind === 'protocol' ? '1' : '2'),
      optionalLeaf('numeroGuiaRecGlosaOperadora', tissCode(appeal.planAppealNumber)),
      branch('dadosContratado', [
        providerIdElement(appeal.contracted, { code: 'codigoPrestadorNaOperadora', cpf: 'cpfContratado', cnpj: 'cnpjContratado' }),
      ]),
      leaf('numeroLote', tissCode(appeal.lotNumber)),
      leaf('numeroProtocolo', tissCode(appeal.protocolNumber)),
      optionElement(appeal.subject),
      leaf('valorTotalRecursado', tissDecimal(appealTotalCents(appeal)!, 10)),
      leaf('dataRecurso', appeal.appealedOn),
    ]),
  ]);
  return providerMessage('RECURSO_GLOSA', appeal, body, options);
}
