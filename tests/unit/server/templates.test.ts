import { readFile } from 'node:fs/promises';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { buildShippedTemplate } from '../../../scripts/build-templates';
import {
  documentText,
  fillDocxTemplate,
  inspectDocxTemplate,
  TemplateProblemError,
} from '../../../server/services/templates/docx-template';
import {
  ageOn,
  brazilianDate,
  brazilianMoney,
  buildTemplateValues,
  DOCUMENT_FIELDS,
  documentValues,
  KNOWN_PLACEHOLDERS,
  longBrazilianDate,
  TEMPLATE_DOCUMENTS,
  TEMPLATE_FIELDS,
  withheldPlaceholders,
  type TemplateCase,
} from '../../../server/services/templates/template-data';
import {
  readTemplateFile,
  SHIPPED_TEMPLATES,
  SHIPPED_TEMPLATES_DIR,
  shippedTemplateKey,
  type ShippedTemplate,
} from '../../../server/services/templates/template-files';
import type { FileStorage } from '../../../server/services/storage/file-storage';

/* ------------------------------------------------------------------ helpers */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A minimal real DOCX (content types, relationships, main document) with `body` as its paragraphs. */
function docx(body: string): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml" PartName="/word/document.xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}<w:sectPr/></w:body></w:document>`);
  return zip.generate({ type: 'nodebuffer' });
}

const p = (...runs: string[]) => `<w:p>${runs.map((text) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`).join('')}</w:p>`;

function problemIds(action: () => unknown): string[] {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateProblemError);
    return (error as TemplateProblemError).problems.map((problem) => problem.id);
  }
  throw new Error('expected a TemplateProblemError');
}

const SAMPLE: TemplateCase = {
  id: 42,
  createdAt: new Date('2026-03-01T02:30:00Z'), // 28/02 23:30 in São Paulo
  paymentFountains: 'plano_saude',
  opme: true,
  feesPayments: '12500.5',
  surgeryNote: 'Paciente hipertensa',
  documentArrivals: '2026-03-10',
  documentNote: null,
  schedule: new Date('2026-03-20T10:30:00Z'),
  accomplishment: null,
  patient: {
    name: 'Ana Lúcia Prado',
    cpf: '52998224725',
    birthday: '1970-05-04',
    gender: 'female',
    cellphone: '11987654321',
    fullAddress: 'Rua Augusta, 100 - Consolação, São Paulo - SP',
    cep: '01305000',
  },
  medic: { firstName: 'Carlos', lastName: 'Mendes', crm: '123456/SP', specialty: 'Cirurgia Geral', email: 'carlos@x.com.br', cellphone: '1134567890' },
  hospital: { name: 'Hospital Sírio-Libanês', city: 'São Paulo', uf: 'SP' },
  healthPlan: { name: 'AMIL', ansRegistry: '326305' },
  procedures: [
    { code: '31005497', description: 'COLECISTECTOMIA COM COLANGIOGRAFIA', table: 'tuss' },
    { code: '0407030034', description: 'COLECISTECTOMIA VIDEOLAPAROSCÓPICA', table: 'sigtap' },
  ],
  cids: [
    { code: 'K80.2', description: 'Calculose da vesícula biliar sem colecistite' },
    { code: 'K81.0', description: 'Colecistite aguda' },
  ],
  opmeItems: [
    {
      description: 'Placa de titânio',
      quantity: 2,
      decision: 'parcial',
      authorizedQuantity: 1,
      chosen: { supplier: 'Ortomed', brand: 'Synthes', unitPrice: '1250.50', total: '2501.00' },
      suppliers: [
        { supplier: 'Ortomed', brand: 'Synthes', unitPrice: '1250.50' },
        { supplier: 'MedPlus', brand: null, unitPrice: null },
        { supplier: 'Cirúrgica Sul', brand: 'Stryker', unitPrice: '1300.00' },
      ],
    },
    { description: 'Parafuso', quantity: 6, decision: null, authorizedQuantity: null, chosen: null, suppliers: [] },
  ],
  opmeTotal: '2501.00',
};

/* ------------------------------------------------------------------ values */

describe('buildTemplateValues', () => {
  it('formats every value the Brazilian way', () => {
    const values = buildTemplateValues(SAMPLE, new Date('2026-05-03T12:00:00Z'));
    expect(values).toMatchObject({
      cirurgia_id: '42',
      data_hoje: '03/05/2026',
      data_hoje_extenso: '3 de maio de 2026',
      paciente_nome: 'Ana Lúcia Prado',
      paciente_cpf: '529.982.247-25',
      paciente_nascimento: '04/05/1970',
      paciente_idade: '55 anos', // the birthday is tomorrow
      paciente_sexo: 'Feminino',
      paciente_telefone: '(11) 9 8765-4321',
      paciente_cep: '01.305-000',
      medico_nome: 'Carlos Mendes',
      medico_crm: '123456/SP',
      medico_telefone: '(11) 3456-7890',
      hospital_nome: 'Hospital Sírio-Libanês',
      hospital_cidade: 'São Paulo - SP',
      plano_nome: 'AMIL',
      plano_registro_ans: '326305',
      fonte_pagadora: 'Plano de Saúde',
      opme: 'Sim',
      honorarios: 'R$ 12.500,50',
      data_cadastro: '28/02/2026',
      data_envio_documentos: '10/03/2026',
      data_cirurgia: '20/03/2026',
      hora_cirurgia: '07:30',
      data_realizacao: '',
      observacao_documentos: '',
      procedimentos: '31005497 - COLECISTECTOMIA COM COLANGIOGRAFIA\n0407030034 - COLECISTECTOMIA VIDEOLAPAROSCÓPICA',
      procedimentos_codigos: '31005497, 0407030034',
      cids_codigos: 'K80.2, K81.0',
    });
    expect(values.lista_procedimentos).toEqual([
      { numero: '1', codigo: '31005497', descricao: 'COLECISTECTOMIA COM COLANGIOGRAFIA', tabela: 'TUSS' },
      { numero: '2', codigo: '0407030034', descricao: 'COLECISTECTOMIA VIDEOLAPAROSCÓPICA', tabela: 'SIGTAP' },
    ]);
    expect(values.lista_cids[1]).toEqual({ numero: '2', codigo: 'K81.0', descricao: 'Colecistite aguda' });
    expect(values.opme_materiais).toBe('2 x Placa de titânio - Ortomed (Synthes)\n6 x Parafuso');
    expect(values.opme_total).toBe('R$ 2.501,00');
    expect(values.lista_opme).toEqual([
      {
        numero: '1',
        descricao: 'Placa de titânio',
        quantidade: '2',
        fornecedor: 'Ortomed',
        marca: 'Synthes',
        valor_unitario: 'R$ 1.250,50',
        valor_total: 'R$ 2.501,00',
        fornecedores: 'Ortomed (Synthes): R$ 1.250,50; MedPlus: sem cotação; Cirúrgica Sul (Stryker): R$ 1.300,00',
        autorizacao: 'Parcial',
        quantidade_autorizada: '1',
      },
      {
        numero: '2',
        descricao: 'Parafuso',
        quantidade: '6',
        fornecedor: '',
        marca: '',
        valor_unitario: '',
        valor_total: '',
        fornecedores: '',
        autorizacao: 'Pendente',
        quantidade_autorizada: '',
      },
    ]);
    // Every documented scalar has a value of type text.
    for (const name of Object.keys(TEMPLATE_FIELDS)) expect(typeof values[name as keyof typeof TEMPLATE_FIELDS]).toBe('string');
  });

  it("fills an office hospital's address, CNES and CNPJ (issue 33 item 1), the CNPJ masked", () => {
    const values = buildTemplateValues(
      {
        ...SAMPLE,
        hospital: {
          name: 'Hospital Santa Clara',
          city: 'Uberlândia',
          uf: 'MG',
          address: 'Rua das Palmeiras, 100 - Centro',
          cnes: '2146355',
          cnpj: '11222333000181',
        },
      },
      new Date('2026-05-03T12:00:00Z'),
    );
    expect(values).toMatchObject({
      hospital_nome: 'Hospital Santa Clara',
      hospital_cidade: 'Uberlândia - MG',
      hospital_endereco: 'Rua das Palmeiras, 100 - Centro',
      hospital_cnes: '2146355',
      hospital_cnpj: '11.222.333/0001-81',
    });
  });

  it('leaves what the case does not have empty', () => {
    const values = buildTemplateValues(
      {
        ...SAMPLE,
        paymentFountains: null,
        opme: false,
        feesPayments: null,
        documentArrivals: null,
        schedule: null,
        patient: { ...SAMPLE.patient, birthday: null, gender: null, cellphone: null, fullAddress: null, cep: null },
        medic: { ...SAMPLE.medic, crm: null, specialty: null, cellphone: null },
        hospital: null,
        healthPlan: null,
        procedures: [],
        cids: [],
      },
      new Date('2026-05-03T12:00:00Z'),
    );
    expect(values).toMatchObject({
      paciente_idade: '',
      paciente_sexo: '',
      paciente_telefone: '',
      hospital_nome: '',
      hospital_cidade: '',
      hospital_endereco: '',
      hospital_cnes: '',
      hospital_cnpj: '',
      plano_nome: '',
      fonte_pagadora: '',
      opme: 'Não',
      honorarios: '',
      data_cirurgia: '',
      hora_cirurgia: '',
      medico_crm: '',
      procedimentos: '',
      cids_codigos: '',
      lista_procedimentos: [],
    });
  });

  it('documents every placeholder in docs/TEMPLATES.md', async () => {
    const doc = await readFile(new URL('../../../docs/TEMPLATES.md', import.meta.url), 'utf8');
    for (const name of KNOWN_PLACEHOLDERS) expect(doc, name).toMatch(new RegExp(`\\{#?${name}\\}`));
  });

  it('gives each document only its fields, as the table of docs/TEMPLATES.md says (issue 33.11)', async () => {
    const doc = await readFile(new URL('../../../docs/TEMPLATES.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `\{(\w+)\}` \|.*\| (yes|no) \| (yes|no) \|$/gm)];
    expect(rows.map((row) => row[1]).sort()).toEqual(Object.keys(TEMPLATE_FIELDS).sort());
    TEMPLATE_DOCUMENTS.forEach((document, column) => {
      const documented = rows.filter((row) => row[2 + column] === 'yes').map((row) => row[1]);
      expect([...DOCUMENT_FIELDS[document]].sort(), document).toEqual(documented.sort());
    });
    for (const document of TEMPLATE_DOCUMENTS) {
      for (const internal of ['honorarios', 'observacoes', 'observacao_documentos']) expect(DOCUMENT_FIELDS[document]).not.toContain(internal);
    }
    expect(DOCUMENT_FIELDS.hospital).toContain('paciente_endereco');
    expect(DOCUMENT_FIELDS.plano).not.toContain('paciente_endereco');

    const values = buildTemplateValues(SAMPLE, new Date('2026-05-03T12:00:00Z'));
    const plan = documentValues(values, 'plano');
    expect(Object.keys(plan)).not.toContain('honorarios');
    expect(Object.keys(plan)).not.toContain('paciente_cep');
    expect(plan.lista_opme).toEqual(values.lista_opme);
    expect(documentValues(values, 'hospital').paciente_endereco).toBe(values.paciente_endereco);
    expect(withheldPlaceholders(['paciente_nome', 'honorarios', 'nome_da_mae', 'paciente_cep', 'lista_opme'], 'plano')).toEqual([
      'honorarios',
      'paciente_cep',
    ]);
  });

  it('has small formatters that refuse what they cannot format', () => {
    expect(brazilianDate('2026-13-01x')).toBe('');
    expect(brazilianDate(null)).toBe('');
    expect(longBrazilianDate('2026-01-01')).toBe('1 de janeiro de 2026');
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOn('2030-01-01', '2026-01-01')).toBeNull();
    expect(brazilianMoney('0')).toBe('R$ 0,00');
    expect(brazilianMoney('abc')).toBe('');
  });
});

/* ------------------------------------------------------------------ filling */

describe('fillDocxTemplate', () => {
  it('fills placeholders that Word split across runs, escaping the values', () => {
    const template = docx(
      '<w:p><w:r><w:t>Paciente: {pacien</w:t></w:r><w:proofErr w:type="spellStart"/><w:r><w:rPr><w:b/></w:rPr><w:t>te_nome}</w:t></w:r></w:p>' +
        p('{ medico_crm }'),
    );
    const filled = fillDocxTemplate(template, { paciente_nome: 'José <&> "Silva"', medico_crm: '123/SP' });
    expect(documentText(filled)).toBe('Paciente: José <&> "Silva"\n123/SP');
    const xml = new PizZip(filled).file('word/document.xml')!.asText();
    expect(xml).toContain('José &lt;&amp;&gt;');
  });

  it('repeats loops, shows conditional parts only with a value, and leaves unknown names empty', () => {
    const template = docx(
      p('{#lista}', '{numero}. {codigo}', '{/lista}') +
        p('Nascimento: {nasc}{#idade} ({idade}){/idade}') +
        p('[{desconhecido}][{constructor}][{toString}]') +
        p('{texto}'),
    );
    const filled = fillDocxTemplate(template, {
      lista: [
        { numero: '1', codigo: 'A' },
        { numero: '2', codigo: 'B' },
      ],
      nasc: '01/01/1990',
      idade: '',
      texto: 'linha 1\nlinha 2',
    });
    expect(documentText(filled)).toBe('1. A2. B\nNascimento: 01/01/1990\n[][][]\nlinha 1\nlinha 2');
    const withAge = fillDocxTemplate(template, { lista: [], nasc: '01/01/1990', idade: '36 anos' });
    expect(documentText(withAge)).toContain('Nascimento: 01/01/1990 (36 anos)');
  });

  it('reports broken placeholders as problems (in pt-BR), never a bare crash', () => {
    expect(problemIds(() => fillDocxTemplate(docx(p('{paciente_nome')), {}))).toEqual(['unclosed_tag']);
    expect(problemIds(() => fillDocxTemplate(docx(p('paciente_nome}')), {}))).toEqual(['unopened_tag']);
    expect(problemIds(() => fillDocxTemplate(docx(p('{#lista}{codigo}')), {}))).toEqual(['unclosed_loop']);
    expect(problemIds(() => fillDocxTemplate(docx(p('{#a}{/b}')), {}))).toContain('closing_tag_does_not_match_opening_tag');
    expect(problemIds(() => inspectDocxTemplate(Buffer.from('not a zip')))).toEqual(['not_docx']);
    expect(() => inspectDocxTemplate(docx(p('{paciente_nome'))), 'the message').toThrow(
      expect.objectContaining({ problems: [{ id: 'unclosed_tag', message: 'O marcador "{paciente_nome" não foi fechado com "}".' }] }),
    );
  });

  it('lists the placeholders a template uses', () => {
    expect(inspectDocxTemplate(docx(p('{b} {a}', '{#lista}{c}{/lista}'))).tags).toEqual(['a', 'b', 'c', 'lista']);
  });
});

/* ------------------------------------------------------------------ shipped templates */

describe('the shipped templates (server/data/templates)', () => {
  const kinds = Object.keys(SHIPPED_TEMPLATES) as ShippedTemplate[];

  it.each(kinds)('%s: the committed file is what scripts/build-templates.ts builds', async (which) => {
    const committed = new PizZip(await readFile(new URL(SHIPPED_TEMPLATES[which], SHIPPED_TEMPLATES_DIR)));
    const built = new PizZip(buildShippedTemplate(which));
    const names = (zip: PizZip) => Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
    expect(names(committed)).toEqual(names(built));
    for (const name of names(built)) expect(committed.file(name)!.asText(), name).toBe(built.file(name)!.asText());
  });

  it.each(kinds)('%s: uses only known placeholders and fills completely', async (which) => {
    const data = await readFile(new URL(SHIPPED_TEMPLATES[which], SHIPPED_TEMPLATES_DIR));
    const { tags } = inspectDocxTemplate(data);
    expect(tags.filter((tag) => !KNOWN_PLACEHOLDERS.has(tag))).toEqual([]);
    expect(withheldPlaceholders(tags, which), 'a field the document never gets').toEqual([]);
    expect(tags, 'the OPME materials (issue 22)').toContain('lista_opme');
    const text = documentText(fillDocxTemplate(data, documentValues(buildTemplateValues(SAMPLE, new Date('2026-05-03T12:00:00Z')), which)));
    expect(text).toContain('Solicitação de autorização de procedimento cirúrgico');
    for (const expected of ['Ana Lúcia Prado', '529.982.247-25', '31005497', '0407030034', 'K80.2', 'K81.0', 'CRM 123456/SP', '20/03/2026 às 07:30']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Placa de titânio');
    expect(text).toContain('Ortomed (Synthes)\nParcial\n1');
    expect(text).not.toMatch(/[{}]/);
  });

  it('reads shipped keys from the folder and nothing outside the list', async () => {
    const storage: FileStorage = {
      put: async () => {},
      get: async (key) => (key === 'templates/x.docx' ? { data: Buffer.from('x'), contentType: 'x', size: 1 } : null),
      delete: async () => {},
      sweep: async () => 0,
    };
    expect((await readTemplateFile(storage, shippedTemplateKey('plano')))?.length).toBeGreaterThan(1000);
    expect(await readTemplateFile(storage, 'shipped/../../../package.json')).toBeNull();
    expect(await readTemplateFile(storage, 'shipped/outro.docx')).toBeNull();
    expect((await readTemplateFile(storage, 'templates/x.docx'))?.toString()).toBe('x');
    expect(await readTemplateFile(storage, 'templates/y.docx')).toBeNull();
  });
});
