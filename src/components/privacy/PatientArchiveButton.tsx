/**
 * 'Exportar dados do paciente (LGPD)' (issue 16 item 3): downloads the patient's data-subject archive, one ZIP the
 * server streams as it writes it (GET …/patient/{id}/data_export/, the medic only). The call goes through the API
 * client (the Bearer token travels in the header); its body is read chunk by chunk, so the button shows what has
 * arrived (a percentage when the server names the size, else the bytes) until the file is saved under the server's
 * Content-Disposition name. A failure shows the server's message (or the call's) as a toast. Used by the patient's
 * modal and by 'Auditoria' filtered to one patient.
 */
import { useRef, useState } from 'react';
import { keyframes, styled } from 'goober';
import { exportPatientData } from '../../api/audit';
import { failedCallMessage, generalErrorMessages, thrownCallMessage } from '../../api/errors';
import { attachmentName, saveBlob } from '../../lib/download';
import { auditTexts } from '../../lib/i18n/audit';
import { fill } from '../../lib/i18n/pt-BR';
import { todayInSaoPaulo } from '../../lib/format/date';
import { colors, fontSizes, media, radii, space } from '../../lib/theme';
import { toastError, toastSuccess } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

const T = auditTexts.privacy;

type Progress = { phase: 'idle' } | { phase: 'preparing' } | { phase: 'downloading'; received: number; total: number | null };

const StyledWrap = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.xs};
  min-width: 0;
  ${media.md} { flex: none; }
`;

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** The bar: its share when the size is known, else a sliding stripe (still under reduced motion: a full soft bar). */
const StyledTrack = styled('div')`
  position: relative;
  width: 100%;
  height: 6px;
  border-radius: ${radii.pill};
  overflow: hidden;
  background: ${colors.primarySoft};
`;

const StyledFill = styled('div')<{ $share: number | null }>`
  height: 100%;
  border-radius: ${radii.pill};
  background: ${colors.primary};
  width: ${(p) => (p.$share === null ? '40%' : `${Math.round(p.$share * 100)}%`)};
  ${(p) => (p.$share === null ? `animation: ${slide} 1.1s ease-in-out infinite;` : '')}
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    ${(p) => (p.$share === null ? 'width: 100%; opacity: 0.5;' : '')}
  }
`;

const StyledStatus = styled('span')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const sizeFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** 950 B, 12,4 kB, 3,2 MB (decimal units, as a browser's download list shows them). */
function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${sizeFormat.format(bytes / 1000)} kB`;
  return `${sizeFormat.format(bytes / 1_000_000)} MB`;
}

function progressText(progress: Progress): string {
  if (progress.phase !== 'downloading') return T.preparing;
  const size = sizeText(progress.received);
  if (!progress.total) return fill(T.downloading, { size });
  return fill(T.downloadingPercent, { percent: Math.min(100, Math.floor((progress.received / progress.total) * 100)), size });
}

/** Reads the whole body, reporting each chunk's running total. */
async function readAll(body: ReadableStream<Uint8Array>, onChunk: (received: number) => void): Promise<Uint8Array<ArrayBuffer>[]> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(new Uint8Array(value));
    received += value.byteLength;
    onChunk(received);
  }
}

type PatientArchiveButtonProps = {
  patientId: number;
  variant?: 'primary' | 'secondary';
};

export function PatientArchiveButton({ patientId, variant = 'secondary' }: PatientArchiveButtonProps) {
  const [progress, setProgress] = useState<Progress>({ phase: 'idle' });
  const running = useRef(false);

  async function run() {
    if (running.current) return;
    running.current = true;
    setProgress({ phase: 'preparing' });
    try {
      const { data, error, response } = await exportPatientData(patientId);
      if (!response.ok || !(data instanceof ReadableStream)) {
        const messages = generalErrorMessages(error);
        for (const message of messages.length > 0 ? messages : [failedCallMessage(response.status)]) toastError(message);
        return;
      }
      const length = Number(response.headers.get('Content-Length'));
      const total = Number.isFinite(length) && length > 0 ? length : null;
      setProgress({ phase: 'downloading', received: 0, total });
      const chunks = await readAll(data, (received) => setProgress({ phase: 'downloading', received, total }));
      const name = attachmentName(response.headers.get('Content-Disposition'), `dados-paciente-${patientId}-${todayInSaoPaulo()}.zip`);
      saveBlob(new Blob(chunks, { type: 'application/zip' }), name);
      toastSuccess(T.done);
    } catch (thrown) {
      toastError(thrownCallMessage(thrown));
    } finally {
      running.current = false;
      setProgress({ phase: 'idle' });
    }
  }

  const busy = progress.phase !== 'idle';
  const share = progress.phase === 'downloading' && progress.total ? Math.min(1, progress.received / progress.total) : null;
  return (
    <StyledWrap>
      <Button variant={variant} onClick={() => void run()} loading={busy}>
        {busy ? null : <Icon name="shieldCheck" size={18} />}
        {T.exportData}
      </Button>
      {busy ? (
        <StyledTrack
          role="progressbar"
          aria-label={T.progressLabel}
          aria-valuemin={share === null ? undefined : 0}
          aria-valuemax={share === null ? undefined : 100}
          aria-valuenow={share === null ? undefined : Math.floor(share * 100)}
        >
          <StyledFill $share={share} />
        </StyledTrack>
      ) : null}
      {/* Always mounted, so the first progress text is announced. */}
      <StyledStatus role="status">{busy ? progressText(progress) : null}</StyledStatus>
    </StyledWrap>
  );
}
