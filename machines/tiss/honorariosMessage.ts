import { cnesOrDefault, missingLotFields, TissInputError } from './guideRules';
import { COUNCIL_CODES, UF_CODES } from './tissDomains';
import { tissCode, tissDecimal, tissDigits, tissText, tissTime } from './tissText';
import { branch, leaf, optionalLeaf, providerMessage, type TissMessage, type TissMessageOptions, type XmlElement } from './tissXml';
import type { HonorariosGuide, HonorariosLot, TissProcedureLine, TissProfessional } from './types';

/**
 * The ENVIO_LOTE_GUIAS message of a lot of guias de honorários (TISS 4.01.00: mensagemTISS →
 * prestadorParaOperadora/loteGuias/guiasTISS/guiaHonorarios, XSD ctm_guiaLote and ctm_honorarioIndividualGuia).
 * Elements follow the XSD's sequence; optional ones are left out when empty. The input is checked first
 * (missingLotFields): a lot with problems throws TissInputError instead of writing an invalid file.
 */

function professionalElement(member: TissProfessional): XmlElement {
  return branch('profissionais', [
    leaf('grauParticipacao', member.participation),
    branch('codProfissional', [
      member.id.kind === 'cpf' ? leaf('cpfContratado', tissDigits(member.id.cpf)) : leaf('codigoPrestadorNaOperadora', tissCode(member.id.code)),
    ]),
    leaf('nomeProfissional', tissText(member.name, 70)),
    leaf('conselhoProfissional', COUNCIL_CODES[member.council!]),
    leaf('numeroConselhoProfissional', tissCode(member.councilNumber)),
    leaf('UF', UF_CODES[member.councilUf!]),
    leaf('CBO', member.cbo!),
  ]);
}

function lineElement(line: TissProcedureLine): XmlElement {
  return branch('procedimentoRealizado', [
    leaf('sequencialItem', String(line.sequence)),
    leaf('dataExecucao', line.performedOn),
    optionalLeaf('horaInicial', tissTime(line.startTime)),
    optionalLeaf('horaFinal', tissTime(line.endTime)),
    branch('procedimento', [
      leaf('codigoTabela', line.table),
      leaf('codigoProcedimento', tissCode(line.code)),
      leaf('descricaoProcedimento', tissText(line.description, 150)),
    ]),
    leaf('quantidadeExecutada', String(line.quantity)),
    optionalLeaf('viaAcesso', line.accessRoute ?? ''),
    optionalLeaf('tecnicaUtilizada', line.technique ?? ''),
    leaf('reducaoAcrescimo', tissDecimal(line.factorHundredths, 3)),
    leaf('valorUnitario', tissDecimal(line.unitCents, 8)),
    leaf('valorTotal', tissDecimal(line.totalCents, 8)),
    ...line.professionals.map(professionalElement),
  ]);
}

function guideElement(guide: HonorariosGuide): XmlElement {
  const { hospital } = guide;
  return branch('guiaHonorarios', [
    branch('cabecalhoGuia', [leaf('registroANS', tissDigits(guide.planAnsRegistry)), leaf('numeroGuiaPrestador', tissCode(guide.providerGuideNumber))]),
    leaf('guiaSolicInternacao', tissCode(guide.requestGuideNumber)),
    optionalLeaf('senha', tissCode(guide.authorizationPassword)),
    optionalLeaf('numeroGuiaOperadora', tissCode(guide.planGuideNumber)),
    branch('beneficiario', [leaf('numeroCarteira', tissCode(guide.beneficiary.cardNumber)), leaf('atendimentoRN', guide.beneficiary.newborn ? 'S' : 'N')]),
    branch('localContratado', [
      branch('codigoContratado', [
        hospital.id.kind === 'cnpj' ? leaf('cnpjLocalExecutante', tissDigits(hospital.id.cnpj)) : leaf('codigoNaOperadora', tissCode(hospital.id.code)),
      ]),
      leaf('nomeContratado', tissText(hospital.name, 70)),
      leaf('cnes', cnesOrDefault(hospital.cnes)),
    ]),
    branch('dadosContratadoExecutante', [
      leaf('codigonaOperadora', tissCode(guide.executant.codeAtPlan)),
      leaf('cnesContratadoExecutante', cnesOrDefault(guide.executant.cnes)),
    ]),
    branch('dadosInternacao', [leaf('dataInicioFaturamento', guide.billingStart), leaf('dataFimFaturamento', guide.billingEnd)]),
    branch('procedimentosRealizados', guide.lines.map(lineElement)),
    optionalLeaf('observacao', tissText(guide.note, 500)),
    leaf('valorTotalHonorarios', tissDecimal(guide.totalCents, 10)),
    leaf('dataEmissaoGuia', guide.issuedOn),
  ]);
}

/**
 * The whole mensagemTISS (ISO-8859-1 XML and its hash) sending `lot` to its plan. Throws TissInputError when
 * missingLotFields finds anything.
 */
export function buildHonorariosLotMessage(lot: HonorariosLot, options: TissMessageOptions = {}): TissMessage {
  const problems = missingLotFields(lot);
  if (problems.length > 0) throw new TissInputError(problems);
  const body = branch('loteGuias', [leaf('numeroLote', tissCode(lot.lotNumber)), branch('guiasTISS', lot.guides.map(guideElement))]);
  return providerMessage('ENVIO_LOTE_GUIAS', lot, body, options);
}
