/**
 * The TISS 4.01.00 domain tables (the `dm_*` enumerations of server/data/tiss/xsd/tissSimpleTypesV4_01_00.xsd) that
 * the honorários guide and the glosa appeal use, as `as const` tuples and maps. The XML keeps the standard's codes
 * (DECISIONS: "TISS: the standard's own names and codes are kept in the XML"); the labels here are what a screen may
 * show. tests/unit/machines/tiss/tissDomains.test.ts holds every list to the XSD's enumeration, so a new TISS
 * version that changes a table fails there first.
 */

/** dm_versao: the version written in `Padrao`. */
export const TISS_VERSION = '4.01.00';

/** The XML namespace of every TISS element (written with the `ans:` prefix). */
export const TISS_NAMESPACE = 'http://www.ans.gov.br/padroes/tiss/schemas';

/** dm_grauPart: the professional's role on a procedure line, code → pt-BR label (the XSD's comment). */
export const PARTICIPATION_LABELS = {
  '00': 'Cirurgião',
  '01': 'Primeiro Auxiliar',
  '02': 'Segundo Auxiliar',
  '03': 'Terceiro Auxiliar',
  '04': 'Quarto Auxiliar',
  '05': 'Instrumentador',
  '06': 'Anestesista',
  '07': 'Auxiliar de Anestesista',
  '08': 'Consultor',
  '09': 'Perfusionista',
  '10': 'Pediatra na sala de parto',
  '11': 'Auxiliar SADT',
  '12': 'Clínico',
  '13': 'Intensivista',
} as const;
export type ParticipationCode = keyof typeof PARTICIPATION_LABELS;

/**
 * dm_conselhoProfissional: the council's usual acronym (what the product stores and shows) → the TISS code. 'OUTROS'
 * is the table's "Outros Conselhos" (10).
 */
export const COUNCIL_CODES = {
  CRESS: '01',
  COREN: '02',
  CRF: '03',
  CRFA: '04',
  CREFITO: '05',
  CRM: '06',
  CRN: '07',
  CRO: '08',
  CRP: '09',
  OUTROS: '10',
  CRBIO: '11',
  CRBM: '12',
  CREF: '13',
  CRMV: '14',
  CRTR: '15',
} as const;
export type Council = keyof typeof COUNCIL_CODES;

/** dm_UF: the state's acronym → its IBGE code, which is what TISS writes ('EX' = 98, Países Estrangeiros). */
export const UF_CODES = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17',
  MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26', AL: '27', SE: '28', BA: '29',
  MG: '31', ES: '32', RJ: '33', SP: '35',
  PR: '41', SC: '42', RS: '43',
  MS: '50', MT: '51', GO: '52', DF: '53',
  EX: '98',
} as const;
export type Uf = keyof typeof UF_CODES;

/**
 * dm_tabela: the code table of a procedure. The product bills surgeons' fees with TUSS procedures ('22'); '00' is
 * the plan's own table, for the plans that still ask for it.
 */
export const PROCEDURE_TABLES = ['18', '19', '20', '22', '90', '98', '00'] as const;
export type ProcedureTable = (typeof PROCEDURE_TABLES)[number];

/** dm_viaDeAcesso: 1 única, 2 mesma via, 3 diferentes vias. */
export const ACCESS_ROUTES = { '1': 'Única', '2': 'Mesma via', '3': 'Diferentes vias' } as const;
export type AccessRoute = keyof typeof ACCESS_ROUTES;

/** dm_tecnicaUtilizada: 1 convencional, 2 videolaparoscopia, 3 robótica. */
export const TECHNIQUES = { '1': 'Convencional', '2': 'Videolaparoscopia', '3': 'Robótica' } as const;
export type Technique = keyof typeof TECHNIQUES;

/** dm_CBOS: every occupation code TISS accepts for a professional (171 codes; the physicians are 2251xx–2253xx). */
export const CBO_CODES: readonly string[] = [
  '201115 203015 213150 225105 225110 225148 225185 225115 225120 225210 225215 225220 225225 225230 225235 225240',
  '225305 225350 225125 225130 225135 225140 225310 225145 225150 225315 225320 225155 225160 225245 225165 225170',
  '225175 225180 225250 225190 225195 225103 225106 225255 225109 225260 225112 225118 225265 225121 225270 225275',
  '225325 225124 225127 225280 225133 225330 225136 225139 225285 223204 223208 223212 223216 223220 223224 223228',
  '223232 223236 223240 223244 223248 223252 223256 223260 223264 223268 223272 223505 223605 223910 223905 223710',
  '223810 239425 251510 251545 251550 251605 322205 322220 322225 322230 516210 225121 225325 223276 223280 223284',
  '223288 223293 225122 225142 225151 225203 225290 225295 225335 225340 225345 223625 223630 223635 223640 223645',
  '223650 223655 223660 223435 223430 223415 223405 223420 223440 223445 223425 223565 223560 223555 223550 223545',
  '223540 223535 223530 223525 223520 223515 223510 223570 223705 223845 223830 223825 223835 223840 223820 223815',
  '225154 221105 221205 224105 224110 224115 224120 224125 224130 224135 226305 225355 239440 239445 251555 223915',
  '226310 226315 322120 322125 224140 131220 226105 226110 226320 322135 999999',
].join(' ').split(' ');

/** The physicians' CBO codes and names (a copy of the project's reference list cbo-medicos.csv), for a picker. */
export const PHYSICIAN_CBOS: ReadonlyArray<readonly [code: string, name: string]> = [
  ['225103', 'Médico infectologista'],
  ['225105', 'Médico acupunturista'],
  ['225106', 'Médico legista'],
  ['225109', 'Médico nefrologista'],
  ['225110', 'Médico alergista e imunologista'],
  ['225112', 'Médico neurologista'],
  ['225115', 'Médico angiologista'],
  ['225118', 'Médico nutrologista'],
  ['225120', 'Médico cardiologista'],
  ['225121', 'Médico oncologista clínico'],
  ['225122', 'Médico cancerologista pediátrico'],
  ['225124', 'Médico pediatra'],
  ['225125', 'Médico clínico'],
  ['225127', 'Médico pneumologista'],
  ['225130', 'Médico de família e comunidade'],
  ['225133', 'Médico psiquiatra'],
  ['225135', 'Médico dermatologista'],
  ['225136', 'Médico reumatologista'],
  ['225139', 'Médico sanitarista'],
  ['225140', 'Médico do trabalho'],
  ['225142', 'Médico da estratégia de saúde da família'],
  ['225145', 'Médico em medicina de tráfego'],
  ['225148', 'Médico anatomopatologista'],
  ['225150', 'Médico em medicina intensiva'],
  ['225151', 'Médico anestesiologista'],
  ['225154', 'Médico Antroposófico'],
  ['225155', 'Médico endocrinologista e metabologista'],
  ['225160', 'Médico fisiatra'],
  ['225165', 'Médico gastroenterologista'],
  ['225170', 'Médico generalista'],
  ['225175', 'Médico geneticista'],
  ['225180', 'Médico geriatra'],
  ['225185', 'Médico hematologista'],
  ['225195', 'Médico homeopata'],
  ['225203', 'Médico em cirurgia vascular'],
  ['225210', 'Médico cirurgião cardiovascular'],
  ['225215', 'Médico cirurgião de cabeça e pescoço'],
  ['225220', 'Médico cirurgião do aparelho digestivo'],
  ['225225', 'Médico cirurgião geral'],
  ['225230', 'Médico cirurgião pediátrico'],
  ['225235', 'Médico cirurgião plástico'],
  ['225240', 'Médico cirurgião torácico'],
  ['225250', 'Médico ginecologista e obstetra'],
  ['225255', 'Médico mastologista'],
  ['225260', 'Médico neurocirurgião'],
  ['225265', 'Médico oftalmologista'],
  ['225270', 'Médico ortopedista e traumatologista'],
  ['225275', 'Médico otorrinolaringologista'],
  ['225280', 'Médico coloproctologista'],
  ['225285', 'Médico urologista'],
  ['225290', 'Médico cancerologista cirurgíco'],
  ['225295', 'Médico cirurgião da mão'],
  ['225305', 'Médico citopatologista'],
  ['225310', 'Médico em endoscopia'],
  ['225315', 'Médico em medicina nuclear'],
  ['225320', 'Médico em radiologia e diagnóstico por imagem'],
  ['225325', 'Médico patologista'],
  ['225330', 'Médico radioterapeuta'],
  ['225335', 'Médico patologista clínico / medicina laboratorial'],
  ['225340', 'Médico hemoterapeuta'],
  ['225345', 'Médico hiperbarista'],
  ['225350', 'Médico neurofisiologista clínico'],
  ['225355', 'Médico Radiologista Intervencionista'],
];

/** dm_tipoGlosa: every glosa (denial) reason code (624; server/data/tiss/motivos-glosa.csv describes them). */
export const GLOSA_CODES: readonly string[] = [
  '1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1019 1020 1021 1022',
  '1023 1024 1025 1101 1102 1103 1104 1201 1202 1203 1204 1205 1206 1207 1208 1209 1210 1211 1212 1213 1214 1215',
  '1216 1217 1218 1301 1302 1303 1304 1305 1306 1307 1308 1309 1310 1311 1312 1313 1314 1315 1316 1317 1318 1319',
  '1320 1321 1322 1323 1401 1402 1403 1404 1405 1406 1407 1408 1409 1410 1411 1412 1413 1414 1415 1416 1417 1418',
  '1419 1420 1421 1422 1423 1424 1425 1426 1427 1428 1429 1430 1431 1432 1433 1434 1435 1436 1437 1438 1501 1502',
  '1503 1504 1505 1506 1507 1508 1509 1601 1602 1603 1604 1605 1606 1607 1608 1609 1610 1611 1612 1613 1614 1615',
  '1701 1702 1703 1704 1705 1706 1707 1708 1709 1710 1711 1712 1713 1714 1715 1716 1717 1718 1719 1720 1721 1722',
  '1723 1724 1725 1726 1727 1728 1729 1730 1731 1732 1733 1734 1735 1736 1737 1738 1739 1740 1741 1742 1743 1744',
  '1745 1746 1747 1748 1749 1801 1802 1803 1804 1805 1806 1807 1808 1809 1810 1811 1812 1813 1814 1815 1816 1817',
  '1818 1819 1820 1821 1822 1823 1824 1825 1826 1827 1828 1829 1830 1831 1832 1833 1834 1835 1836 1837 1838 1839',
  '1840 1901 1902 1903 1904 1905 1906 1907 1908 1909 1910 1911 1912 1913 1914 1915 1916 1917 1918 2001 2002 2003',
  '2004 2005 2006 2007 2008 2009 2010 2011 2012 2013 2014 2015 2101 2102 2103 2104 2105 2106 2107 2108 2109 2110',
  '2111 2112 2113 2114 2115 2201 2202 2203 2204 2205 2206 2207 2208 2209 2210 2211 2212 2213 2301 2302 2303 2304',
  '2305 2306 2307 2308 2309 2310 2401 2402 2403 2404 2405 2406 2407 2408 2409 2410 2411 2412 2413 2414 2415 2416',
  '2417 2418 2419 2420 2421 2422 2423 2424 2501 2502 2503 2504 2505 2506 2507 2508 2509 2510 2511 2512 2513 2514',
  '2515 2516 2601 2602 2603 2604 2605 2606 2607 2608 2609 2610 2611 2612 2613 2614 2701 2702 2703 2704 2705 2706',
  '2707 2708 2709 2710 2711 2712 2713 2714 2715 2716 2717 2718 2801 2802 2803 2804 2805 2806 2807 2808 2809 2810',
  '2811 2812 2813 2814 2815 2816 2817 2818 2819 2820 2821 2822 2901 2902 2903 2904 2905 2906 2907 2908 2909 3001',
  '3002 3003 3004 3005 3006 3007 3008 3009 3010 3011 3012 3013 3014 3015 3016 3017 3018 3019 3020 3021 3022 3023',
  '3024 3025 3026 3027 3028 3029 3030 3031 3032 3033 3034 3035 3036 3037 3038 3039 3040 3041 3042 3043 3044 3045',
  '3046 3047 3048 3049 3050 3051 3052 3053 3054 3055 3056 3057 3058 3059 3060 3061 3062 3063 3064 3065 3066 3067',
  '3068 3069 3070 3071 3072 3073 3074 3075 3076 3077 3078 3079 3080 3081 3082 3083 3084 3085 3086 3087 3088 3089',
  '3090 3091 3092 3093 3094 3095 3096 3097 3098 3100 3101 3102 3103 3104 3105 3106 3107 3108 3109 3110 3111 3112',
  '3113 3114 3115 3116 3117 3118 3119 3120 3121 3122 3123 3124 3125 3126 3127 3128 3129 3130 3131 3132 3133 3134',
  '3135 3136 3137 3138 3139 3140 3141 3142 3143 3144 3145 3146 3147 3148 3149 3150 3151 3152 3153 3154 3155 3156',
  '3157 3158 3159 3160 3161 3162 3163 3164 3165 3166 3167 3168 5001 5002 5003 5004 5005 5006 5007 5008 5009 5010',
  '5011 5012 5013 5014 5015 5016 5017 5018 5019 5020 5021 5022 5023 5024 5025 5026 5027 5028 5029 5030 5031 5032',
  '5033 5034 5035 5036 5037 5038 5039 5040 5041 5042 5043 5044 5045 5046 5047 5048 5049 5050 5051 5052 5053 5054',
  '5055 5056 5057 5058 5059 5060 5061 5062',
].join(' ').split(' ');

/**
 * dm_statusProtocolo: the state of a protocol (a lot received by the plan) or of one of its guides, in the
 * statements the plan sends back (docs/TISS.md, "Reading statements back").
 */
export const PROTOCOL_STATUSES = {
  '1': 'Recebido',
  '2': 'Em análise',
  '3': 'Liberado para pagamento',
  '4': 'Encerrado sem pagamento',
  '5': 'Analisado e aguardando liberação para pagamento',
  '6': 'Pagamento efetuado',
  '7': 'Não localizado',
  '8': 'Aguardando informação complementar',
  '9': 'Cancelado',
} as const;
export type ProtocolStatus = keyof typeof PROTOCOL_STATUSES;

/** dm_formaPagamento: how the plan paid. */
export const PAYMENT_METHODS = {
  '1': 'Depósito/transferência bancária',
  '2': 'Carteira',
  '3': 'Boleto bancário / DDA',
  '4': 'Dinheiro/cheque',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

/** dm_tipoPagamento: whether a guide's payment is its first one or the result of an appeal (recurso de glosa). */
export const PAYMENT_KINDS = { '1': 'Inicial', '2': 'Recurso' } as const;
export type PaymentKind = keyof typeof PAYMENT_KINDS;

/** dm_debitoCreditoIndicador: 1 debit (taken from the payment), 2 credit (added to it). */
export const DEBIT_CREDIT_INDICATORS = { '1': 'Débito', '2': 'Crédito' } as const;
export type DebitCreditIndicator = keyof typeof DEBIT_CREDIT_INDICATORS;

/**
 * dm_debitoCreditoTipo: what a debit or credit of a payment is. 01–06 are the taxes withheld at source (the income
 * report's retenções); 07–09 are other adjustments.
 */
export const DEBIT_CREDIT_TYPES = {
  '01': 'IRRF',
  '02': 'ISS',
  '03': 'INSS',
  '04': 'PIS',
  '05': 'COFINS',
  '06': 'CSLL',
  '07': 'Descontos financeiros',
  '08': 'Ajuste de pagamento anterior',
  '09': 'Determinação judicial',
} as const;
export type DebitCreditType = keyof typeof DEBIT_CREDIT_TYPES;

/** The debit/credit types that are taxes withheld at source (retenções na fonte). */
export const WITHHOLDING_TYPES: readonly DebitCreditType[] = ['01', '02', '03', '04', '05', '06'];
