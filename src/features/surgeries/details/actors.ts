/**
 * The real IO of the lifecycle machine on /surgery-details (STYLE §3): the update, upload, archive, cancel and
 * read calls (./lifecycleApi.ts, ../api.ts) supplied to machines/surgeryLifecycle with `.provide`. Tests supply
 * fakes the same way, or mock the API client underneath these.
 */
import { fromPromise } from 'xstate';
import type {
  CaseRead,
  CloseCaseInput,
  LoadCaseInput,
  MoveResult,
  UpdateCaseInput,
  UploadDocumentsInput,
} from '../../../../machines/surgeryLifecycle/lifecycleRequests';
import { surgeryLifecycleMachine } from '../../../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import { getSurgery } from '../api';
import { archiveSurgery, cancelSurgery, updateSurgery, uploadSurgeryFiles } from './lifecycleApi';
import { stepFieldsOf } from './stepData';

/** The share of the request sent, in whole percent. */
function percentOf(loaded: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
}

const caseActors = {
  updateCase: fromPromise<MoveResult, UpdateCaseInput>(({ input }) => updateSurgery(input.id, input.body)),
  uploadDocuments: fromPromise<MoveResult, UploadDocumentsInput>(({ input }) =>
    uploadSurgeryFiles(
      input.id,
      input.version,
      input.files,
      input.newStatus,
      ({ loaded, total }) => input.onProgress(percentOf(loaded, total)),
      input.confirmMissingDocuments,
    ),
  ),
  archiveCase: fromPromise<MoveResult, CloseCaseInput>(({ input }) => archiveSurgery(input.id, input.version, input.reason)),
  cancelCase: fromPromise<MoveResult, CloseCaseInput>(({ input }) => cancelSurgery(input.id, input.version, input.reason)),
  /** The case again after a conflict jump; a read that fails is silent (SPEC §7), one that finds nothing leaves. */
  loadCase: fromPromise<CaseRead, LoadCaseInput>(async ({ input }) => {
    const result = await getSurgery(input.id).catch(() => ({ kind: 'error' }) as const);
    if (result.kind === 'ok') return { kind: 'ok', surgery: result.value, fields: stepFieldsOf(result.value) };
    return result.kind === 'notFound' ? { kind: 'notFound' } : { kind: 'failed' };
  }),
};

/** The lifecycle machine as the details page runs it. */
export const caseMachine = surgeryLifecycleMachine.provide({ actors: caseActors });
