/** pt-BR texts of the sign-in's second step (two-factor sign-in, docs/SECURITY.md). */
export const twoFactorTexts = {
  title: 'Verificação em duas etapas',
  codePrompt: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
  recoveryPrompt: 'Digite um dos seus códigos de recuperação. Cada código vale uma vez.',
  enrolText:
    'Seu médico exige a verificação em duas etapas. Leia o QR code com um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Aegis…) e digite o código que ele mostrar.',
  qrAlt: 'QR code para configurar o aplicativo autenticador',
  manualEntry: 'Sem câmera? Digite esta chave no aplicativo:',
  codeLabel: 'Código do aplicativo',
  recoveryLabel: 'Código de recuperação',
  codeRequired: 'Informe o código do aplicativo autenticador.',
  recoveryRequired: 'Informe um código de recuperação.',
  submit: 'Verificar',
  verifying: 'Verificando...',
  useRecovery: 'Usar um código de recuperação',
  useApp: 'Usar o código do aplicativo',
  back: 'Voltar',
  recoveryTitle: 'Seus códigos de recuperação',
  recoveryText:
    'Guarde estes códigos em um lugar seguro: cada um permite entrar uma vez sem o aplicativo. Eles não serão mostrados de novo.',
  continue: 'Continuar',
} as const;
