import { INCOME_SHEET_TEXTS } from '../../../machines/ledger/incomeSheet';

/**
 * pt-BR texts of 'Relatório para o contador' (issue 38 item 5; docs/LEDGER.md). `{name}` placeholders are filled by
 * `fill()`. The sheet's labels (and the title) are machines/ledger/incomeSheet.ts's: the server's PDF prints the same.
 * The query's validation messages live in machines/ledger/incomeSchemas.ts (the server says the same).
 */
export const incomeTexts = {
  link: 'Relatório para o contador',
  intro:
    'Os recebimentos do período, mês a mês: de pessoas físicas (pacientes, para o carnê-leão, com o CPF do cadastro) e de pessoas jurídicas (planos, hospitais, cooperativas, com o CNPJ e os impostos retidos na fonte). O mês é o da data do recebimento; o líquido é o bruto menos as retenções.',
  year: 'Ano',
  month: 'Mês',
  wholeYear: 'Ano todo',
  print: 'Imprimir',
  pdf: 'Baixar PDF',
  loading: 'Carregando o relatório…',
  failed: 'Não foi possível carregar o relatório.',
  ...INCOME_SHEET_TEXTS,
} as const;
