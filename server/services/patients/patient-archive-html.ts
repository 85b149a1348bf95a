import type { PatientArchive } from './patient-data-export';

/**
 * The page of a patient's data-subject archive that the patient reads (issue 33 item 18; LGPD art. 18, II and VII;
 * art. 19): `relatorio.html` beside `paciente.json` in the ZIP, in pt-BR, from the same archive object: the data,
 * the purpose, with whom it was shared, who accessed it, how long it is kept, the patient's rights and the files.
 *
 * Self-contained: one file, its style inline, no script, no image, no link to anything outside it, and a Content
 * Security Policy that forbids loading anything (a browser that opens it fetches nothing). Every value is escaped
 * (esc): a name typed as `<script>` is text on the page.
 */

export const ARCHIVE_HTML_NAME = 'relatorio.html';

/** The page's headings, in order (the API test holds the page to them). */
const ARCHIVE_HTML_HEADINGS = {
  title: 'Relatório dos seus dados pessoais (LGPD)',
  controller: 'Quem trata os seus dados',
  purpose: 'Para que os seus dados são usados',
  patient: 'Seus dados cadastrais',
  surgeries: 'Suas cirurgias',
  sharing: 'Com quem os seus dados foram compartilhados',
  contacts: 'Contato com você: autorizações e mensagens',
  accesses: 'Quem acessou os seus dados',
  retention: 'Por quanto tempo os seus dados são guardados',
  rights: 'Seus direitos',
  files: 'Arquivos deste pacote',
} as const;

const H = ARCHIVE_HTML_HEADINGS;
const NONE = '—';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Any value as HTML text: null/empty as '—', everything else escaped. */
function esc(value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** 'yyyy-MM-dd' (or an ISO instant's day) → 'dd/MM/yyyy'. */
function day(value: string | null): string {
  if (!value) return NONE;
  return esc(`${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`);
}

/** A São Paulo ISO instant ('2026-12-01T22:38:00-03:00') → '01/12/2026 às 22:38'. */
function instant(value: string | null): string {
  if (!value) return NONE;
  return `${day(value)} às ${esc(value.slice(11, 16))}`;
}

/** Reais as decimal text ('6500.00') → 'R$ 6.500,00'. */
function money(value: string | null): string {
  if (value === null) return NONE;
  const negative = value.startsWith('-');
  const [whole = '0', cents = '00'] = value.replace('-', '').split('.');
  return esc(`${negative ? '-' : ''}R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`);
}

/** ' por Ana Souza', or nothing when nobody is recorded. */
const by = (name: string | null) => (name ? ` por ${esc(name)}` : '');

const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');

function dl(entries: [string, string][]): string {
  return `<dl>${entries.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

/** A table with a caption; `cells` are already HTML (escaped). An empty list says so. */
function table(caption: string, headers: string[], cells: string[][], empty: string): string {
  if (cells.length === 0) return `<p>${esc(empty)}</p>`;
  const head = headers.map((header) => `<th scope="col">${esc(header)}</th>`).join('');
  const body = cells.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<table><caption>${esc(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

type Place = { nome: string; cidade?: string | null; uf?: string | null; registro_ans?: string | null } | null;

function place(value: Place): string {
  if (!value) return NONE;
  const where = [value.cidade, value.uf].filter(Boolean).join('/');
  const extra = where ? ` (${where})` : value.registro_ans ? ` (ANS ${value.registro_ans})` : '';
  return esc(`${value.nome}${extra}`);
}

type Cards = PatientArchive['paciente']['carteiras_do_convenio'];

/** Each plan's card on a line: 'Amil (ANS …): nº 123, validade 31/01/2027, plano Amil 400'. */
function cardsText(cards: Cards): string {
  if (cards.length === 0) return NONE;
  return cards
    .map((card) => {
      const validity = card.validade ? `, validade ${day(card.validade)}` : '';
      const plan = card.plano ? `, plano ${esc(card.plano)}` : '';
      return `${place(card.convenio)}: nº ${esc(card.numero_da_carteira)}${validity}${plan}`;
    })
    .join('<br>');
}

type Case = PatientArchive['cirurgias'][number];

function caseSection(surgery: Case): string {
  const codes = (list: { codigo: string; descricao: string }[]) =>
    list.length === 0 ? NONE : list.map((item) => esc(`${item.codigo} · ${item.descricao}`)).join('<br>');
  const facts = dl([
    ['Médico(a)', esc(surgery.medico)],
    ['Etapa atual', `${esc(surgery.etapa_atual)} (desde ${instant(surgery.na_etapa_desde)})`],
    ['Hospital', place(surgery.hospital)],
    ['Convênio', place(surgery.convenio)],
    ['Fonte pagadora', esc(surgery.fonte_pagadora)],
    ['Procedimentos', codes(surgery.procedimentos)],
    ['CID', codes(surgery.cids)],
    ['Agendada para', instant(surgery.agendada_para)],
    ['Realizada em', day(surgery.realizada_em)],
    ['Honorários previstos', money(surgery.honorarios_previstos_em_reais)],
    ['Honorários recebidos', money(surgery.recebido_em_reais)],
    ['Usa materiais OPME', yesNo(surgery.usa_opme)],
    ['Observações', esc(surgery.observacoes)],
    ['Cadastrada em', `${instant(surgery.cadastrada_em)}${by(surgery.cadastrada_por)}`],
  ]);
  const history = table(
    'Histórico de etapas',
    ['Quando', 'De', 'Para', 'Por', 'Motivo'],
    surgery.historico_de_etapas.map((row) => [
      instant(row.quando),
      esc(row.de),
      esc(row.para),
      esc(row.por),
      esc([row.motivo, row.observacao_do_motivo, row.documentos_faltantes_confirmados.length > 0 ? `Documentos faltantes confirmados: ${row.documentos_faltantes_confirmados.join(', ')}` : null].filter(Boolean).join(' · ')),
    ]),
    'Nenhuma mudança de etapa registrada.',
  );
  const authorizations = table(
    'Autorizações',
    ['De', 'Situação', 'Pedida em', 'Decidida em', 'Válida até', 'Protocolo'],
    surgery.autorizacoes.map((row) => [esc(row.de), esc(row.situacao), day(row.solicitada_em), day(row.decidida_em), day(row.valida_ate), esc(row.protocolo)]),
    'Nenhuma autorização registrada.',
  );
  const documents = table(
    'Documentos',
    ['Documento', 'Nome do arquivo', 'Enviado em', 'Por', 'Arquivo no pacote'],
    surgery.documentos.map((row) => [esc(row.documento), esc(row.nome_original), instant(row.enviado_em), esc(row.enviado_por), esc(row.arquivo)]),
    'Nenhum documento anexado.',
  );
  const opme = table(
    'Materiais OPME',
    ['Material', 'Quantidade', 'Autorização', 'Fornecedores consultados'],
    surgery.materiais_opme.map((row) => [
      esc(row.descricao),
      esc(row.quantidade),
      esc(row.autorizacao),
      row.cotacoes.map((quote) => `${esc(quote.fornecedor)}${quote.preco_unitario_em_reais ? ` (${money(quote.preco_unitario_em_reais)} a unidade)` : ''}`).join('<br>') || NONE,
    ]),
    'Nenhum material OPME.',
  );
  const money$ = table(
    'Recebimentos e glosas',
    ['Data', 'Lançamento', 'Valor', 'Observação'],
    [
      ...surgery.recebimentos.map((row) => [day(row.recebido_em), esc(`Recebimento (${row.pago_por})`), money(row.valor_em_reais), esc(row.observacao)]),
      ...surgery.glosas.map((row) => [day(row.data_da_glosa), esc(`Glosa${row.resultado_do_recurso ? ` · recurso: ${row.resultado_do_recurso}` : ''}`), money(row.valor_em_reais), esc(row.motivo)]),
    ],
    'Nenhum recebimento nem glosa.',
  );
  return `<section><h3>Cirurgia nº ${esc(surgery.numero)}</h3>${facts}${history}${authorizations}${documents}${opme}${money$}</section>`;
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1b2430;background:#fff;max-width:980px;margin:0 auto;padding:24px 16px;line-height:1.5}
h1{font-size:1.6rem;margin:0 0 8px}h2{font-size:1.25rem;margin:32px 0 8px;padding-top:8px;border-top:2px solid #0e5f6b;color:#0e5f6b}
h3{font-size:1.05rem;margin:24px 0 8px}dl{display:grid;grid-template-columns:minmax(140px,220px) 1fr;gap:4px 16px;margin:8px 0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}table{width:100%;border-collapse:collapse;margin:12px 0;font-size:.92rem}
caption{text-align:left;font-weight:600;padding:4px 0}th,td{border:1px solid #cfd8dc;padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#eef5f6}.intro{color:#44505c}@media print{h2{break-after:avoid}table{break-inside:auto}}
@media (max-width:600px){dl{grid-template-columns:1fr}dt{margin-top:8px}}`;

/** The whole page, from the archive object (every value escaped). */
export function renderArchiveHtml(archive: PatientArchive): string {
  const patient = archive.paciente;
  const controller = archive.controlador;
  const sections = [
    `<h1>${esc(H.title)}</h1>`,
    `<p class="intro">Paciente: <strong>${esc(patient.nome_completo)}</strong>. Gerado em ${instant(archive.gerado_em)} (horário de Brasília). Este relatório e o arquivo paciente.json trazem os mesmos dados; o JSON é para leitura por programas.</p>`,
    `<h2>${esc(H.controller)}</h2>`,
    `<p>O consultório de ${esc(controller.medico)}${controller.crm ? `, CRM ${esc(controller.crm)}` : ''}, é o controlador dos seus dados (LGPD, art. 5º, VI). Para qualquer pedido sobre eles, fale com o consultório.</p>`,
    `<h2>${esc(H.purpose)}</h2>`,
    `<p>${esc(archive.finalidade)}</p>`,
    `<h2>${esc(H.patient)}</h2>`,
    dl([
      ['Nome completo', esc(patient.nome_completo)],
      ['CPF', esc(patient.cpf)],
      ['Data de nascimento', day(patient.data_de_nascimento)],
      ['Sexo', esc(patient.sexo)],
      ['Celular', esc(patient.celular)],
      ['Endereço', esc(patient.endereco_completo ?? patient.endereco)],
      ['CEP', esc(patient.cep)],
      ['Convênio', place(patient.convenio)],
      ['Carteiras do convênio', cardsText(patient.carteiras_do_convenio)],
      ['Foto', esc(patient.foto ?? 'Sem foto')],
      ['Cadastrado em', `${instant(patient.cadastrado_em)}${by(patient.cadastrado_por)}`],
      ['Última alteração', instant(patient.atualizado_em)],
    ]),
    `<h2>${esc(H.surgeries)}</h2>`,
    archive.cirurgias.length === 0 ? '<p>Nenhuma cirurgia registrada.</p>' : archive.cirurgias.map(caseSection).join(''),
    `<h2>${esc(H.sharing)}</h2>`,
    `<p>Para a sua cirurgia, o consultório envia os seus dados ao hospital e ao convênio (e, quando há materiais OPME, aos fornecedores consultados). Cada envio registrado:</p>`,
    table(
      'Compartilhamentos',
      ['Data', 'Com quem', 'Tipo', 'Para quê', 'Cirurgia'],
      archive.compartilhamentos.map((row) => [day(row.data), esc(row.destinatario), esc(row.tipo), esc(row.motivo), `nº ${esc(row.cirurgia)}`]),
      'Seus dados não foram compartilhados com ninguém.',
    ),
    `<h2>${esc(H.contacts)}</h2>`,
    `<p>O consultório só envia mensagens pelos canais que você autorizou. Cada autorização registrada (as revogadas também):</p>`,
    table(
      'Autorizações de contato',
      ['Canal', 'E-mail', 'Autorizado no dia', 'Registrado', 'Revogado'],
      archive.contatos.autorizacoes.map((row) => [
        esc(row.canal),
        esc(row.email),
        day(row.autorizado_no_dia),
        `${instant(row.registrado_em)}${by(row.registrado_por)}`,
        row.revogado_em ? `${instant(row.revogado_em)}${by(row.revogado_por)}` : NONE,
      ]),
      'Nenhuma autorização de contato registrada.',
    ),
    table(
      'Mensagens enviadas',
      ['Quando', 'Mensagem', 'Canal', 'Para', 'Texto', 'Cirurgia'],
      archive.contatos.mensagens.map((row) => [
        `${instant(row.enviada_em)}${by(row.enviada_por)}`,
        esc(row.modelo),
        esc(row.canal),
        esc(row.destinatario),
        esc(row.texto).replaceAll('\n', '<br>'),
        `nº ${esc(row.cirurgia)}`,
      ]),
      'Nenhuma mensagem enviada a você.',
    ),
    `<h2>${esc(H.accesses)}</h2>`,
    `<p>Cada leitura, alteração e exportação dos seus dados fica registrada na auditoria do consultório: quem, quando, o quê e de qual endereço de internet. Do mais recente para o mais antigo:</p>`,
    table(
      'Acessos',
      ['Quando', 'Quem', 'O quê', 'Registro', 'Detalhe', 'Endereço de internet'],
      archive.acessos.map((row) => [instant(row.quando), esc(row.pessoa), esc(row.acao), esc(row.registro), esc(row.detalhe), esc(row.endereco_ip)]),
      'Nenhum acesso registrado.',
    ),
    `<h2>${esc(H.retention)}</h2>`,
    `<p>${esc(archive.guarda.regra)}</p>`,
    archive.guarda.manter_ate ? `<p>Pelas datas registradas hoje, os seus registros devem ser mantidos até <strong>${day(archive.guarda.manter_ate)}</strong>.</p>` : '',
    `<h2>${esc(H.rights)}</h2>`,
    `<p>Você pode pedir ao consultório, a qualquer momento: a confirmação de que seus dados são tratados e uma nova cópia deles; a correção de dados incompletos, inexatos ou desatualizados; informações sobre com quem eles foram compartilhados; e a exclusão dos dados, que, havendo cirurgia, é feita por anonimização depois do prazo de guarda acima (LGPD, art. 18).</p>`,
    `<h2>${esc(H.files)}</h2>`,
    `<ul>${archive.arquivos.map((name) => `<li>${esc(name)}</li>`).join('')}</ul>`,
  ];
  return [
    '<!doctype html>',
    '<html lang="pt-BR">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(H.title)} · ${esc(patient.nome_completo)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    `<body><main>${sections.join('\n')}</main></body>`,
    '</html>',
    '',
  ].join('\n');
}
