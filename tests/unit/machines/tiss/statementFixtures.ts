import type {
  AnaliseContaMessageInput,
  AnaliseContaStatement,
  AnaliseGuide,
  PagamentoMessageInput,
  PagamentoStatement,
  StatementEnvelopeInput,
} from '../../../../machines/tiss/statementTypes';

/**
 * Statements written by hand for the tests (issue 38's "Done means"): a plan's analysis of two protocols covering a
 * guide paid in full, a partial release with item-level glosas and codes, a guide refused whole (guide-level glosa
 * reasons), a guide unknown to the product, and a payment statement with two deposits and the taxes withheld. Every
 * amount is consistent (guide = sum of its lines, protocol = sum of its guides…), as a real plan's should be.
 */

/** The cabecalho: the plan 326305 to the medic by his code at the plan. */
export function envelope(over: Partial<StatementEnvelopeInput> = {}): StatementEnvelopeInput {
  return {
    planAnsRegistry: '326305',
    addressee: { kind: 'codeAtPlan', code: '000123456' },
    transaction: { sequence: '880001', date: '2026-12-10', time: '08:15:00' },
    ...over,
  };
}

/** A guide of lot 17 paid in full (one line, R$ 2.500,00). */
export function paidGuide(over: Partial<AnaliseGuide> = {}): AnaliseGuide {
  return {
    providerGuideNumber: 'H-2026-0001',
    planGuideNumber: '555000111',
    authorizationPassword: 'A1B2C3',
    cardNumber: '0 123 456789 00-1',
    billingStart: '2026-11-10',
    billingStartTime: null,
    billingEnd: '2026-11-12',
    billingEndTime: null,
    glosas: [],
    status: '3',
    items: [
      {
        sequence: 1,
        performedOn: '2026-11-10',
        table: '22',
        code: '30602238',
        description: 'Mastectomia radical ou radical modificada - qualquer técnica',
        participation: '00',
        informedCents: 250_000,
        quantityTenThousandths: 10_000,
        processedCents: 250_000,
        releasedCents: 250_000,
        glosas: [],
      },
    ],
    informedCents: 250_000,
    processedCents: 250_000,
    releasedCents: 250_000,
    glosaCents: 0,
    ...over,
  };
}

/** A guide partly released: the assistant's line cut by two glosas (1801 and 1705), the anaesthetist's in full. */
export function partialGuide(): AnaliseGuide {
  return {
    providerGuideNumber: 'H-2026-0002',
    planGuideNumber: null,
    authorizationPassword: null,
    cardNumber: '0 987 654321 00-2',
    billingStart: '2026-11-11',
    billingStartTime: '07:30:00',
    billingEnd: '2026-11-11',
    billingEndTime: '12:45:10',
    glosas: [{ code: '1801', description: 'Procedimento não autorizado & sem senha <válida>' }],
    status: '3',
    items: [
      {
        sequence: 1,
        performedOn: '2026-11-11',
        table: '22',
        code: '30602238',
        description: 'Mastectomia radical ou radical modificada - qualquer técnica',
        participation: '01',
        informedCents: 75_000,
        quantityTenThousandths: 10_000,
        processedCents: 75_000,
        releasedCents: 30_001,
        glosas: [
          { cents: 44_000, code: '1801' },
          { cents: 999, code: '1705' },
        ],
      },
      {
        sequence: 2,
        performedOn: '2026-11-11',
        table: '22',
        code: '31602010',
        description: 'Anestesia',
        participation: null,
        informedCents: 80_000,
        quantityTenThousandths: 15_000,
        processedCents: 80_000,
        releasedCents: 80_000,
        glosas: [],
      },
    ],
    informedCents: 155_000,
    processedCents: 155_000,
    releasedCents: 110_001,
    glosaCents: 44_999,
  };
}

/** A guide refused whole (no lines in the statement, only the reasons), unknown to the product. */
export function refusedGuide(): AnaliseGuide {
  return {
    ...paidGuide({ providerGuideNumber: 'X-UNKNOWN-9', planGuideNumber: '777', authorizationPassword: null, cardNumber: '111222333' }),
    glosas: [
      { code: '1705', description: null },
      { code: '3052', description: 'Guia apresentada fora do prazo' },
    ],
    status: '4',
    items: [],
    releasedCents: 0,
    glosaCents: 250_000,
  };
}

/** The analysis of two protocols: lot 17 (full + partial + refused) and lot 18 (protocol glosa, no guides). */
export function analiseStatement(over: Partial<AnaliseContaStatement> = {}): AnaliseContaStatement {
  const guides = [paidGuide(), partialGuide(), refusedGuide()];
  const informed = guides.reduce((sum, guide) => sum + guide.informedCents, 0);
  const released = guides.reduce((sum, guide) => sum + guide.releasedCents, 0);
  return {
    header: { planAnsRegistry: '326305', statementNumber: 'DAC-2026-12-0001', planName: 'Operadora Exemplo Saúde S/A', planCnpj: '60765823000130', issuedOn: '2026-12-10' },
    provider: { id: { kind: 'codeAtPlan', code: '000123456' }, cnes: '9999999' },
    protocols: [
      {
        lotNumber: '17',
        protocolNumber: '202611000123',
        protocolDate: '2026-11-21',
        protocolGlosa: null,
        status: '3',
        guides,
        informedCents: informed,
        processedCents: informed,
        releasedCents: released,
        glosaCents: informed - released,
      },
      {
        lotNumber: '18',
        protocolNumber: '202611000124',
        protocolDate: '2026-11-22',
        protocolGlosa: { code: '1001', description: 'Número da carteira inválido' },
        status: '4',
        guides: [],
        informedCents: 0,
        processedCents: 0,
        releasedCents: 0,
        glosaCents: null,
      },
    ],
    informedCents: informed,
    processedCents: informed,
    releasedCents: released,
    glosaCents: informed - released,
    ...over,
  };
}

export function analiseMessage(over: Partial<AnaliseContaMessageInput> = {}): AnaliseContaMessageInput {
  return { ...envelope(), statements: [analiseStatement()], ...over };
}

/**
 * The payment of lot 17's released amounts in two deposits (paid on the 15th by transfer, the appeal's result on the
 * 22nd by boleto), with IRRF, ISS, PIS, COFINS and CSLL withheld from the first, a credit on the second and a
 * statement-level adjustment.
 */
export function pagamentoStatement(over: Partial<PagamentoStatement> = {}): PagamentoStatement {
  const withheld = [
    { indicator: '1', type: '01', description: 'IRRF 1,5%', cents: 5_400 },
    { indicator: '1', type: '02', description: 'ISS 2%', cents: 7_200 },
    { indicator: '1', type: '04', description: 'PIS 0,65%', cents: 2_340 },
    { indicator: '1', type: '05', description: 'COFINS 3%', cents: 10_800 },
    { indicator: '1', type: '06', description: 'CSLL 1%', cents: 3_600 },
  ] as const;
  const debits = withheld.reduce((sum, item) => sum + item.cents, 0);
  return {
    header: { planAnsRegistry: '326305', statementNumber: 'DP-2026-12-0001', planName: 'Operadora Exemplo Saúde S/A', planCnpj: '60765823000130', issuedOn: '2026-12-22' },
    provider: { id: { kind: 'cpf', cpf: '52998224725' }, cnes: '9999999' },
    payments: [
      {
        payment: { paidOn: '2026-12-15', method: '1', bank: '001', branch: '1234-5', account: '98765-0' },
        protocols: [
          {
            protocolDate: '2026-11-21',
            protocolNumber: '202611000123',
            lotNumber: '17',
            informedCents: 405_000,
            processedCents: 405_000,
            releasedCents: 360_001,
            glosaCents: 44_999,
            guides: [
              { providerGuideNumber: 'H-2026-0001', planGuideNumber: '555000111', authorizationPassword: 'A1B2C3', paymentKind: '1', processedCents: 250_000, releasedCents: 250_000, glosaCents: null },
              { providerGuideNumber: 'H-2026-0002', planGuideNumber: null, authorizationPassword: null, paymentKind: '1', processedCents: 155_000, releasedCents: 110_001, glosaCents: 44_999 },
            ],
          },
        ],
        grossInformedCents: 405_000,
        grossProcessedCents: 405_000,
        grossReleasedCents: 360_001,
        grossGlosaCents: 44_999,
        debitsCredits: [...withheld],
        debitsCents: debits,
        creditsCents: 0,
        netCents: 360_001 - debits,
      },
      {
        payment: { paidOn: '2026-12-22', method: '3', bank: null, branch: null, account: null },
        protocols: [
          {
            protocolDate: '2026-12-20',
            protocolNumber: '202612000007',
            lotNumber: '17',
            informedCents: 44_000,
            processedCents: 44_000,
            releasedCents: 44_000,
            glosaCents: null,
            guides: [{ providerGuideNumber: 'H-2026-0002', planGuideNumber: null, authorizationPassword: null, paymentKind: '2', processedCents: 44_000, releasedCents: 44_000, glosaCents: 0 }],
          },
        ],
        grossInformedCents: 44_000,
        grossProcessedCents: 44_000,
        grossReleasedCents: 44_000,
        grossGlosaCents: 0,
        debitsCredits: [{ indicator: '2', type: '08', description: 'Ajuste de pagamento anterior', cents: 150 }],
        debitsCents: 0,
        creditsCents: 150,
        netCents: 44_150,
      },
    ],
    grossInformedCents: 449_000,
    grossProcessedCents: 449_000,
    grossReleasedCents: 404_001,
    grossGlosaCents: 44_999,
    debitsCredits: [{ indicator: '1', type: '07', description: 'Desconto financeiro', cents: 1 }],
    debitsCents: debits + 1,
    creditsCents: 150,
    netCents: 404_001 - debits - 1 + 150,
    note: 'Pagamento referente às competências de novembro/2026.',
    ...over,
  };
}

export function pagamentoMessage(over: Partial<PagamentoMessageInput> = {}): PagamentoMessageInput {
  return { ...envelope({ transaction: { sequence: '880002', date: '2026-12-22', time: '18:00:00' } }), statement: pagamentoStatement(), ...over };
}
