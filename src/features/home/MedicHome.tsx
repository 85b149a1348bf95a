import { ptBR } from '../../lib/i18n/pt-BR';
import { HomeShell } from './HomeShell';

type MedicHomeProps = {
  firstName: string;
};

/** The doctor's home. 'Resumo', 'Distribuição por etapa (total)', the calendar and the day list arrive later. */
export function MedicHome({ firstName }: MedicHomeProps) {
  return <HomeShell firstName={firstName} intro={ptBR.home.medicIntro} />;
}
