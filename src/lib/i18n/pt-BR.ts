/**
 * Every user-facing text of the SPA (STYLE §18). Texts that SPEC.md gives are copied exactly, including its
 * spelling ('Dados invalido!'); the rest are written for Brazilian surgeons and secretaries.
 * The signup step problems ('CPF Invalido!' included) live with their rules in machines/signup/rules.ts.
 * Nested by feature; `{name}`-style placeholders are filled by `fill()`.
 */
export const ptBR = {
  app: {
    name: 'Cirurgias',
    tagline: 'Do pedido cirúrgico ao honorário recebido.',
    loading: 'Carregando...',
    logoAlt: 'Cirurgias: ir para o início',
  },
  common: {
    next: 'Próximo passo',
    back: 'Voltar',
    validating: 'Validando...',
    retry: 'Tentar novamente',
    optional: 'opcional',
    stepOf: 'Passo {current} de {total}',
    goToLogin: 'Ir para o login',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
  },
  /** SPEC §8's generic messages; src/api/errors.ts says which situation each one names. */
  errors: {
    invalidData: 'Dados invalido!',
    internal: 'Ocorreu um erro interno!',
    noResponse: 'Ocorreu um erro, tente novamente!',
    thrown: 'Ocorreu um erro tente novamente!',
    unexpected: 'Ocorreu um erro inesperado, tente novamente!',
    unknown: 'Ocorreu um erro desconhecido!',
    downloadFailed: 'Erro desconhecido',
  },
  fields: {
    firstName: 'Nome',
    lastName: 'Sobrenome',
    cpf: 'CPF',
    cpfPlaceholder: '000.000.000-00',
    address: 'Endereço',
    addressPlaceholder: 'Rua, número, bairro, cidade - UF',
    crm: 'CRM',
    crmPlaceholder: 'Ex.: 123456/SP',
    specialty: 'Especialidade',
    specialtyPlaceholder: 'Selecione a especialidade',
    specialtyLoading: 'Carregando especialidades...',
    specialtyError: 'Não foi possível carregar as especialidades.',
    cellphone: 'Celular',
    cellphonePlaceholder: '(00) 0 0000-0000',
    email: 'E-mail',
    emailPlaceholder: 'nome@exemplo.com.br',
    password: 'Senha',
    repeatPassword: 'Repita a senha',
    passwordHint: 'Mínimo de 8 caracteres.',
    currentPassword: 'Senha atual',
  },
  /** Form messages of the screens; the signup step rules carry their own (machines/signup/rules.ts). */
  validation: {
    emailInvalid: 'Informe um e-mail válido.',
    passwordRequired: 'Informe a senha.',
  },
  nav: {
    label: 'Menu principal',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
    skipToContent: 'Pular para o conteúdo',
    /** The header's photo button, which opens 'Foto do perfil' (issue 11 item 13). */
    profilePhoto: 'Alterar foto do perfil',
    /** The same button showing the initials instead of a photo: its name starts with what it shows (WCAG 2.5.3). */
    profilePhotoOf: '{initials}: alterar foto do perfil',
    home: 'Home',
    dashboard: 'Dashboard',
    settings: 'Configurações',
    /** The secretary's 'Minha conta' (issue 35). */
    account: 'Minha conta',
    surgeryStatus: 'Status de cirurgia',
    addPatient: 'Adicionar paciente',
    linkSurgery: 'Vincular cirurgia',
    /** The medic's 'Auditoria' (issue 16); here, not in i18n/audit.ts, so the menu on every home loads no more. */
    audit: 'Auditoria',
    /** 'Lotes TISS' (issue 37), both roles; here so the menu loads none of the TISS screens' texts. */
    tissLots: 'Lotes TISS',
    signOut: 'Sair',
    roleMedic: 'Médico(a)',
    roleSecretary: 'Secretária',
  },
  auth: {
    title: 'Acesse sua conta',
    subtitle: 'Entre com o e-mail e a senha cadastrados.',
    emailLabel: 'E-mail',
    emailPlaceholder: 'Digite seu Login',
    passwordLabel: 'Senha',
    passwordPlaceholder: 'Digite sua senha',
    submit: 'Acessar',
    noAccount: 'Ainda não tenho conta',
    /** Here, not with the account pages' texts: /auth loads only this one of them. */
    forgotPassword: 'Esqueci minha senha',
    /** DECISIONS §14: a session that ended on its own (refresh refused, revoked elsewhere, password changed). */
    sessionExpired: 'Sua sessão expirou. Entre novamente.',
  },
  signup: {
    title: 'Crie sua conta de médico',
    subtitle: 'Leva menos de dois minutos.',
    steps: ['Dados pessoais', 'Dados profissionais', 'Acesso'],
    stepsLabel: 'Etapas do cadastro',
    newsletter: 'Quero receber novidades e dicas por e-mail',
    consent:
      'Autorizo o armazenamento e o tratamento dos meus dados para uso da plataforma, conforme a Lei Geral de Proteção de Dados (LGPD).',
    hasSecretary: 'Tenho uma secretária que vai me ajudar na plataforma',
    secretaryEmail: 'E-mail de contato da secretária',
    secretaryEmailHint: 'Enviaremos um convite para ela criar o acesso.',
    submit: 'Criar conta',
    success: 'Cadastrado com sucesso!',
    haveAccount: 'Já tenho conta',
  },
  secretarySignup: {
    title: 'Crie seu acesso de secretária',
    invitedBy: 'Convite de Dr(a). {medic}',
    steps: ['Dados pessoais', 'Acesso'],
    stepsLabel: 'Etapas do cadastro',
    loading: 'Verificando seu convite...',
    invalidTitle: 'Convite indisponível',
    emailHint: 'Este é o e-mail do convite.',
    notifications: 'Quero receber notificações do(a) médico(a)',
    submit: 'Criar acesso',
    success: 'Cadastrado com sucesso!',
    existingTitle: 'Vincular sua conta',
    existingText:
      'Você já tem uma conta com o e-mail {email}. Confirme sua senha para vincular sua conta ao(à) Dr(a). {medic}.',
    existingSubmit: 'Confirmar e vincular',
  },
  /** Form drafts (docs/first-week/drafts.md): the restored-draft note and the question before losing changes. */
  drafts: {
    restored: 'Rascunho restaurado.',
    discard: 'Descartar rascunho',
    confirmTitle: 'Descartar alterações?',
    confirmText: 'O que você digitou e ainda não salvou será perdido.',
    confirmYes: 'Sim, descartar!',
    confirmNo: 'Continuar editando',
    close: 'Fechar',
  },
  routeError: {
    title: 'Algo deu errado',
    text: 'Ocorreu um erro inesperado, tente novamente!',
    reload: 'Recarregar a página',
  },
  pages: {
    surgeryStatus: 'Veja o status das cirurgias',
    dashboard: 'Dashboard',
    settings: 'Configurações',
    patients: 'Pacientes',
    patientsSurgery: 'Vincular cirurgia',
    surgeryDetails: 'Detalhes da cirurgia',
  },
} as const;

/** Replaces `{key}` placeholders in a text. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
