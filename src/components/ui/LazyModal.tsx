/**
 * Modal (./Modal.tsx) loaded when it first opens: React Aria's dialog code stays out of the first download of a page
 * that only offers a dialog behind a button (issue 41: 'Auditoria' filtered to a patient, 'A receber'). Same props;
 * once loaded it stays rendered, so its closing and a second opening behave as Modal's own. Through chunkComponent, not
 * React.lazy: the dialog shows as soon as its chunk has arrived (lib/chunkComponent.ts says why).
 */
import { useState } from 'react';
import { chunkComponent, useChunkComponent } from '../../lib/chunkComponent';
import type { ModalProps } from './Modal';

const modalChunk = chunkComponent<ModalProps>(() => import('./Modal').then((module) => module.Modal));

export function LazyModal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.isOpen);
  if (props.isOpen && !wanted) setWanted(true);
  return wanted ? <LoadedModal {...props} /> : null;
}

function LoadedModal(props: ModalProps) {
  const { Component, failure } = useChunkComponent(modalChunk);
  // As React.lazy would: the route's error screen, rather than a button that silently opens nothing.
  if (failure) throw failure.error;
  return Component ? <Component {...props} /> : null;
}
