/**
 * `npm run build:templates`: writes the generic DOCX templates that ship with the product
 * (server/data/templates/solicitacao-hospital.docx and solicitacao-plano.docx), building their OOXML parts by hand
 * with pizzip. The output is byte-for-byte reproducible (fixed dates, fixed part order), so the committed files
 * can be checked against this script (tests/unit/server/shipped-templates.test.ts).
 *
 * Each template is an A4 authorization request letter in pt-BR, "Solicitação de autorização de procedimento
 * cirúrgico", whose fields are placeholders of docs/TEMPLATES.md. Every placeholder sits whole inside one run, as
 * a person editing the file in Word would expect to find it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';
import { SHIPPED_TEMPLATES, SHIPPED_TEMPLATES_DIR, type ShippedTemplate } from '../server/services/templates/template-files';

const FIXED_DATE = new Date('2026-01-01T12:00:00Z');
const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/* ------------------------------------------------------------------------------------------ XML helpers */

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type RunStyle = { bold?: boolean; size?: number; color?: string; italic?: boolean };

function run(text: string, style: RunStyle = {}): string {
  const props = [
    style.bold ? '<w:b/>' : '',
    style.italic ? '<w:i/>' : '',
    style.color ? `<w:color w:val="${style.color}"/>` : '',
    style.size ? `<w:sz w:val="${style.size}"/><w:szCs w:val="${style.size}"/>` : '',
  ].join('');
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
}

type ParagraphOptions = { style?: string; align?: 'left' | 'center' | 'right' | 'both'; spaceAfter?: number; keepNext?: boolean };

/** A paragraph of runs; a string part is a plain run. */
function paragraph(parts: Array<string | { text: string; style: RunStyle }>, options: ParagraphOptions = {}): string {
  const props = [
    options.style ? `<w:pStyle w:val="${options.style}"/>` : '',
    options.keepNext ? '<w:keepNext/>' : '',
    options.spaceAfter !== undefined ? `<w:spacing w:after="${options.spaceAfter}"/>` : '',
    options.align ? `<w:jc w:val="${options.align}"/>` : '',
  ].join('');
  const runs = parts.map((part) => (typeof part === 'string' ? run(part) : run(part.text, part.style))).join('');
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${runs}</w:p>`;
}

const bold = (text: string) => ({ text, style: { bold: true } });

/** Column widths in twentieths of a point; the text column of A4 with 2 cm margins is 9638. */
type Cell = {
  parts: Array<string | { text: string; style: RunStyle }>;
  header?: boolean;
  /** A second, smaller paragraph under the value (the suppliers asked, under a material). */
  note?: string;
};

const NOTE_STYLE: RunStyle = { size: 16, color: '4A5D73' };

function cell(content: Cell, width: number): string {
  const shading = content.header ? '<w:shd w:val="clear" w:color="auto" w:fill="E7EEF5"/>' : '';
  return (
    `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${shading}</w:tcPr>` +
    paragraph(content.header ? content.parts.map((part) => (typeof part === 'string' ? bold(part) : part)) : content.parts, {
      spaceAfter: 0,
    }) +
    (content.note ? paragraph([{ text: content.note, style: NOTE_STYLE }], { spaceAfter: 0 }) : '') +
    '</w:tc>'
  );
}

function table(widths: number[], rows: Cell[][]): string {
  const total = widths.reduce((sum, width) => sum + width, 0);
  const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="8FA3B8"/>`;
  const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('');
  return (
    `<w:tbl><w:tblPr><w:tblStyle w:val="TabelaFormulario"/><w:tblW w:w="${total}" w:type="dxa"/>` +
    `<w:tblBorders>${borders}</w:tblBorders><w:tblLayout w:type="fixed"/>` +
    '<w:tblCellMar><w:top w:w="40" w:type="dxa"/><w:left w:w="100" w:type="dxa"/><w:bottom w:w="40" w:type="dxa"/><w:right w:w="100" w:type="dxa"/></w:tblCellMar>' +
    '<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>' +
    `<w:tblGrid>${widths.map((width) => `<w:gridCol w:w="${width}"/>`).join('')}</w:tblGrid>` +
    rows
      .map((cells) => {
        const header = cells.every((item) => item.header);
        return `<w:tr>${header ? '<w:trPr><w:tblHeader/></w:trPr>' : '<w:trPr><w:cantSplit/></w:trPr>'}${cells
          .map((item, index) => cell(item, widths[index] ?? 0))
          .join('')}</w:tr>`;
      })
      .join('') +
    '</w:tbl>'
  );
}

const LABEL_WIDTH = 3000;
const VALUE_WIDTH = 6638;

/** A two-column table of label → value rows (the form's fields). */
function fieldTable(rows: Array<[string, string | Array<string | { text: string; style: RunStyle }>]>): string {
  return table(
    [LABEL_WIDTH, VALUE_WIDTH],
    rows.map(([label, value]) => [
      { parts: [label], header: true },
      { parts: typeof value === 'string' ? [value] : value },
    ]),
  );
}

const heading = (text: string) => paragraph([text], { style: 'Secao', keepNext: true });
const spacer = () => paragraph([], { spaceAfter: 0 });

/** The case's CID-10 codes and descriptions, one row each (both forms). */
function cidTable(): string {
  return table(
    [1700, 7938],
    [
      [
        { parts: ['CID'], header: true },
        { parts: ['Descrição'], header: true },
      ],
      [{ parts: ['{#lista_cids}{codigo}'] }, { parts: ['{descricao}{/lista_cids}'] }],
    ],
  );
}

/**
 * The OPME section (DECISIONS §15), both forms: whether the case uses OPME and, once its materials are listed, one row
 * per material with the quantity, the chosen supplier, the suppliers asked (CFM Resolution 1.956/2010) and the
 * authorization. The table sits between `{#opme_materiais}` and `{/opme_materiais}`, each alone in a paragraph: it
 * shows only when the case has materials (those paragraphs vanish when filled).
 */
function opmeSection(title: string): string {
  return [
    heading(title),
    fieldTable([['Utiliza OPME', '{opme}']]),
    paragraph(['{#opme_materiais}'], { spaceAfter: 0, keepNext: true }),
    table(
      [500, 2838, 900, 2300, 1600, 1500],
      [
        [
          { parts: ['Nº'], header: true },
          { parts: ['Material'], header: true },
          { parts: ['Qtde.'], header: true },
          { parts: ['Fornecedor escolhido'], header: true },
          { parts: ['Autorização'], header: true },
          { parts: ['Qtde. autorizada'], header: true },
        ],
        [
          { parts: ['{#lista_opme}{numero}'] },
          { parts: ['{descricao}'], note: '{#fornecedores}Fornecedores consultados: {fornecedores}{/fornecedores}' },
          { parts: ['{quantidade}'] },
          { parts: ['{fornecedor}{#marca} ({marca}){/marca}'] },
          { parts: ['{autorizacao}'] },
          { parts: ['{quantidade_autorizada}{/lista_opme}'] },
        ],
      ],
    ),
    paragraph(['{/opme_materiais}'], { spaceAfter: 0 }),
  ].join('');
}

function signature(): string {
  return [
    paragraph(['Data: {data_hoje_extenso}'], { spaceAfter: 400, keepNext: true }),
    paragraph(['______________________________________________'], { align: 'center', spaceAfter: 0, keepNext: true }),
    paragraph([bold('{medico_nome}')], { align: 'center', spaceAfter: 0, keepNext: true }),
    paragraph(['CRM {medico_crm}{#medico_especialidade} · {medico_especialidade}{/medico_especialidade}'], { align: 'center' }),
  ].join('');
}

function footer(): string {
  return paragraph(
    [{ text: 'Cirurgia nº {cirurgia_id} · cadastrada em {data_cadastro} · documento gerado em {data_hoje}', style: { size: 16, color: '6B7C8F', italic: true } }],
    { align: 'right' },
  );
}

/* ------------------------------------------------------------------------------------------ the two forms */

function hospitalBody(): string {
  return [
    paragraph(['Solicitação de autorização de procedimento cirúrgico'], { style: 'Titulo' }),
    paragraph(['Ao {hospital_nome}{#hospital_cidade} ({hospital_cidade}){/hospital_cidade} · Setor de Internação e Autorizações'], {
      style: 'Subtitulo',
    }),
    paragraph([
      'Solicitamos a reserva e a autorização da internação para o procedimento cirúrgico descrito abaixo, conforme pedido e relatório médico anexos.',
    ], { align: 'both' }),
    heading('1. Dados do paciente'),
    fieldTable([
      ['Nome', [bold('{paciente_nome}')]],
      ['CPF', '{paciente_cpf}'],
      ['Data de nascimento', '{paciente_nascimento}{#paciente_idade} ({paciente_idade}){/paciente_idade}'],
      ['Sexo', '{paciente_sexo}'],
      ['Telefone', '{paciente_telefone}'],
      ['Endereço', '{paciente_endereco}'],
      ['Fonte pagadora', '{fonte_pagadora}'],
      ['Plano de saúde', '{plano_nome}'],
    ]),
    heading('2. Procedimentos solicitados'),
    table(
      [600, 1700, 1200, 6138],
      [
        [
          { parts: ['Nº'], header: true },
          { parts: ['Código'], header: true },
          { parts: ['Tabela'], header: true },
          { parts: ['Descrição'], header: true },
        ],
        [
          { parts: ['{#lista_procedimentos}{numero}'] },
          { parts: ['{codigo}'] },
          { parts: ['{tabela}'] },
          { parts: ['{descricao}{/lista_procedimentos}'] },
        ],
      ],
    ),
    heading('3. Diagnóstico (CID-10)'),
    cidTable(),
    heading('4. Internação'),
    fieldTable([
      ['Hospital', '{hospital_nome}'],
      ['Data prevista', '{data_cirurgia}{#hora_cirurgia} às {hora_cirurgia}{/hora_cirurgia}'],
    ]),
    opmeSection('5. Materiais especiais (OPME)'),
    heading('6. Médico solicitante'),
    fieldTable([
      ['Nome', '{medico_nome}'],
      ['CRM', '{medico_crm}'],
      ['Especialidade', '{medico_especialidade}'],
      ['Contato', '{medico_telefone}{#medico_email} · {medico_email}{/medico_email}'],
    ]),
    spacer(),
    paragraph(
      ['Solicito a autorização do(s) procedimento(s) acima para o(a) paciente {paciente_nome}, CPF {paciente_cpf}.'],
      { align: 'both' },
    ),
    signature(),
    footer(),
  ].join('');
}

function planBody(): string {
  return [
    paragraph(['Solicitação de autorização de procedimento cirúrgico'], { style: 'Titulo' }),
    paragraph(['À {plano_nome}{#plano_registro_ans} (Registro ANS {plano_registro_ans}){/plano_registro_ans} · Central de Autorizações'], {
      style: 'Subtitulo',
    }),
    paragraph([
      'Solicitamos a autorização da internação eletiva e do(s) procedimento(s) abaixo para o(a) beneficiário(a), conforme pedido e relatório médico anexos.',
    ], { align: 'both' }),
    heading('1. Beneficiário'),
    fieldTable([
      ['Nome', [bold('{paciente_nome}')]],
      ['CPF', '{paciente_cpf}'],
      ['Data de nascimento', '{paciente_nascimento}{#paciente_idade} ({paciente_idade}){/paciente_idade}'],
      ['Sexo', '{paciente_sexo}'],
      ['Telefone', '{paciente_telefone}'],
      ['Plano de saúde', '{plano_nome}'],
    ]),
    heading('2. Local de atendimento'),
    fieldTable([
      ['Hospital', '{hospital_nome}{#hospital_cidade} ({hospital_cidade}){/hospital_cidade}'],
      ['Caráter do atendimento', 'Eletivo'],
      ['Regime', 'Internação'],
      ['Data prevista', '{data_cirurgia}{#hora_cirurgia} às {hora_cirurgia}{/hora_cirurgia}'],
    ]),
    heading('3. Procedimentos solicitados'),
    table(
      [600, 1700, 1200, 5138, 1000],
      [
        [
          { parts: ['Nº'], header: true },
          { parts: ['Código'], header: true },
          { parts: ['Tabela'], header: true },
          { parts: ['Descrição'], header: true },
          { parts: ['Qtde.'], header: true },
        ],
        [
          { parts: ['{#lista_procedimentos}{numero}'] },
          { parts: ['{codigo}'] },
          { parts: ['{tabela}'] },
          { parts: ['{descricao}'] },
          { parts: ['1{/lista_procedimentos}'] },
        ],
      ],
    ),
    heading('4. Indicação clínica'),
    cidTable(),
    opmeSection('5. Materiais especiais (OPME)'),
    heading('6. Profissional solicitante'),
    fieldTable([
      ['Nome', '{medico_nome}'],
      ['CRM', '{medico_crm}'],
      ['Especialidade', '{medico_especialidade}'],
      ['Contato', '{medico_telefone}{#medico_email} · {medico_email}{/medico_email}'],
    ]),
    spacer(),
    paragraph(
      [
        'Declaro que as informações acima são verdadeiras e solicito a autorização do(s) procedimento(s) descrito(s) para o(a) beneficiário(a) {paciente_nome}.',
      ],
      { align: 'both' },
    ),
    signature(),
    footer(),
  ].join('');
}

/* ------------------------------------------------------------------------------------------ package parts */

const A4_SECTION =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>' +
  '<w:pgMar w:top="907" w:right="1134" w:bottom="907" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/>' +
  '<w:cols w:space="708"/></w:sectPr>';

function documentXml(body: string): string {
  return `${XML_HEADER}<w:document xmlns:w="${W_NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${body}${A4_SECTION}</w:body></w:document>`;
}

const CONTENT_TYPES =
  `${XML_HEADER}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
  '<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
  '</Types>';

const PACKAGE_RELS =
  `${XML_HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>' +
  '</Relationships>';

const DOCUMENT_RELS =
  `${XML_HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/>' +
  '</Relationships>';

const STYLES =
  `${XML_HEADER}<w:styles xmlns:w="${W_NS}">` +
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/>' +
  '<w:sz w:val="20"/><w:szCs w:val="20"/><w:lang w:val="pt-BR" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:after="100" w:line="252" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Titulo"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:jc w:val="center"/><w:spacing w:after="60"/></w:pPr><w:rPr><w:b/><w:color w:val="1F3A5F"/><w:sz w:val="32"/><w:szCs w:val="32"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Subtitulo"><w:name w:val="Subtitle"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:jc w:val="center"/><w:spacing w:after="200"/></w:pPr><w:rPr><w:color w:val="4A5D73"/><w:sz w:val="22"/><w:szCs w:val="22"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Secao"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:keepNext/><w:spacing w:before="200" w:after="60"/><w:outlineLvl w:val="0"/></w:pPr>' +
  '<w:rPr><w:b/><w:color w:val="1F3A5F"/><w:sz w:val="23"/><w:szCs w:val="23"/></w:rPr></w:style>' +
  '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/>' +
  '<w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/>' +
  '<w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
  '<w:style w:type="table" w:styleId="TabelaFormulario"><w:name w:val="Tabela do formulário"/><w:basedOn w:val="TableNormal"/>' +
  '<w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr></w:style>' +
  '</w:styles>';

const SETTINGS =
  `${XML_HEADER}<w:settings xmlns:w="${W_NS}"><w:defaultTabStop w:val="708"/><w:hyphenationZone w:val="425"/>` +
  '<w:characterSpacingControl w:val="doNotCompress"/><w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>' +
  '</w:settings>';

function coreXml(title: string, subject: string): string {
  return (
    `${XML_HEADER}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${esc(title)}</dc:title><dc:subject>${esc(subject)}</dc:subject><dc:creator>Cirurgias</dc:creator>` +
    '<dc:language>pt-BR</dc:language>' +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${FIXED_DATE.toISOString().replace('.000', '')}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${FIXED_DATE.toISOString().replace('.000', '')}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

const APP_XML =
  `${XML_HEADER}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
  '<Application>Cirurgias</Application><DocSecurity>0</DocSecurity></Properties>';

const FORMS: Record<ShippedTemplate, { body: () => string; subject: string }> = {
  hospital: { body: hospitalBody, subject: 'Modelo genérico para o hospital' },
  plano: { body: planBody, subject: 'Modelo genérico para o plano de saúde (guia de solicitação)' },
};

/** One shipped template as DOCX bytes (the same bytes every run). */
export function buildShippedTemplate(which: ShippedTemplate): Buffer {
  const form = FORMS[which];
  const zip = new PizZip();
  const parts: Array<[string, string]> = [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', PACKAGE_RELS],
    ['word/document.xml', documentXml(form.body())],
    ['word/_rels/document.xml.rels', DOCUMENT_RELS],
    ['word/styles.xml', STYLES],
    ['word/settings.xml', SETTINGS],
    ['docProps/core.xml', coreXml('Solicitação de autorização de procedimento cirúrgico', form.subject)],
    ['docProps/app.xml', APP_XML],
  ];
  for (const [name, content] of parts) zip.file(name, content, { date: FIXED_DATE, createFolders: false });
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

async function main(): Promise<void> {
  await mkdir(SHIPPED_TEMPLATES_DIR, { recursive: true });
  for (const which of Object.keys(SHIPPED_TEMPLATES) as ShippedTemplate[]) {
    const target = new URL(SHIPPED_TEMPLATES[which], SHIPPED_TEMPLATES_DIR);
    const data = buildShippedTemplate(which);
    await writeFile(target, data);
    console.log(`${fileURLToPath(target)} (${data.length} bytes)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error('Falha ao gerar os modelos:', error);
    process.exitCode = 1;
  });
}
