/**
 * Modal (./Modal.tsx) loaded when it first opens: React Aria's dialog code stays out of the first download of a page
 * that only offers a dialog behind a button (issue 41: 'Auditoria' filtered to a patient, 'A receber'). Same props;
 * once loaded it stays rendered, so its closing and a second opening behave as Modal's own. Through chunkComponent, not
 * React.lazy: the dialog shows as soon as its chunk has arrived (lib/chunkComponent.ts says why).
 */
import { useState } from 'react';
import { chunked } from '../../lib/chunked';
import type { ModalProps } from './Modal';

const LoadedModal = chunked<ModalProps>(() => import('./Modal').then((module) => module.Modal));

export function LazyModal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.isOpen);
  if (props.isOpen && !wanted) setWanted(true);
  return wanted ? <LoadedModal {...props} /> : null;
}
