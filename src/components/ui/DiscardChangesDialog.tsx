/** 'Descartar alterações?': asked before a form with unsaved changes closes (the 'Tem certeza?' dialog's look). */
import { ptBR } from '../../lib/i18n/pt-BR';
import { ConfirmDialog } from './ConfirmDialog';

const T = ptBR.drafts;

type DiscardChangesDialogProps = {
  isOpen: boolean;
  onDiscard: () => void;
  onKeepEditing: () => void;
};

export function DiscardChangesDialog({ isOpen, onDiscard, onKeepEditing }: DiscardChangesDialogProps) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={T.confirmTitle}
      text={T.confirmText}
      confirmLabel={T.confirmYes}
      cancelLabel={T.confirmNo}
      closeLabel={T.close}
      maxWidth={520}
      onConfirm={onDiscard}
      onCancel={onKeepEditing}
    />
  );
}
