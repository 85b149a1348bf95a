/**
 * pt-BR texts of a patient's erasure request (issue 16 item 4; src/features/patients/PatientErasure.tsx). The refusal
 * itself is the server's message (it names the last day the record must be kept): the screen shows it as sent.
 */
export const patientErasureTexts = {
  button: 'Solicitação de exclusão (LGPD)',
  anonymized: 'Paciente anonimizado em {date} (LGPD).',
  title: 'Solicitação de exclusão (LGPD)',
  intro: 'O paciente pediu a exclusão dos seus dados (LGPD, art. 18). O que acontece depende do prontuário:',
  rules: [
    'Sem cirurgia cadastrada: o paciente é excluído, com a foto.',
    'Com cirurgia: o prontuário deve ser guardado por 20 anos após a última atividade (Lei 13.787/2018). Dentro desse prazo, o pedido é recusado e nada é alterado.',
    'Passados os 20 anos: o paciente é anonimizado. Nome, CPF, telefone, endereço, data de nascimento, foto e documentos são apagados; as cirurgias ficam, sem identificação, nos seus números.',
  ],
  audit: 'O pedido fica registrado na auditoria.',
  confirm: 'Atender ao pedido',
  confirming: 'Atendendo...',
  cancel: 'Cancelar',
  close: 'Fechar',
  deleted: 'Paciente excluído.',
  anonymizedNow: 'Paciente anonimizado.',
  failure: 'Não foi possível atender ao pedido. Tente novamente.',
} as const;
