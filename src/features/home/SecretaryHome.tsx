import { ptBR } from '../../lib/i18n/pt-BR';
import { HomeShell } from './HomeShell';

type SecretaryHomeProps = {
  firstName: string;
};

/** The secretary's home. The calendar, the day list and 'Alterações de status' arrive later. */
export function SecretaryHome({ firstName }: SecretaryHomeProps) {
  return <HomeShell firstName={firstName} intro={ptBR.home.secretaryIntro} />;
}
