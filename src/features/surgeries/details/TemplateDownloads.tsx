/**
 * The hospital's and the plan's DOCX templates filled with the case's data (SPEC §4, §7; DECISIONS §7). The route
 * needs the Bearer header, so the file is fetched by the API client and handed to the browser as a download; a
 * missing template answers 404 with SPEC §8's message, shown as a warning; any other failed download is SPEC §8's
 * 'Erro desconhecido'. A download is offered only where a template exists (the case's `hospital_template_ok` and
 * `plano_template_ok`); where none does, SPEC §8's own sentence says so instead of a button (issue 33 #10g).
 */
import { useState } from 'react';
import { styled } from 'goober';
import { Button } from '../../../components/ui/Button';
import { ptBR } from '../../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { colors, fontSizes, fontWeights, media, space } from '../../../lib/theme';
import { toastError, toastWarning } from '../../../lib/toast';
import { saveBlob } from '../../../lib/download';
import { downloadTemplate, type TemplateKind } from './lifecycleApi';
import type { Surgery } from '../types';
import { columnCss } from '../../../components/ui/cssParts';

const T = surgeriesTexts.lifecycle.sending;

const StyledBox = styled('div')`
  ${columnCss(space.sm)}
  & > div { display: flex; flex-wrap: wrap; gap: ${space.sm}; }
  ${media.belowMd} { & > div > button { width: 100%; } }
`;

const StyledTitle = styled('h3')`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

const StyledNone = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

type TemplateCase = Pick<Surgery, 'id' | 'health_plan' | 'hospital_template_ok' | 'plano_template_ok'>;

/** The plan's template is considered only for a case with a health plan (issue 11, item 17). */
export function TemplateDownloads({ surgery }: { surgery: TemplateCase }) {
  const [downloading, setDownloading] = useState<TemplateKind | null>(null);
  const surgeryId = surgery.id;
  const kinds: TemplateKind[] = surgery.health_plan !== null ? ['hospital', 'plano'] : ['hospital'];
  const available = (kind: TemplateKind) => (kind === 'hospital' ? surgery.hospital_template_ok : surgery.plano_template_ok);

  async function handleDownload(kind: TemplateKind) {
    setDownloading(kind);
    try {
      const result = await downloadTemplate(kind, surgeryId);
      if (result.ok) saveBlob(result.data.blob, result.data.filename);
      else if (result.status === 0) toastError(result.messages[0] ?? ptBR.errors.downloadFailed);
      else if (result.status === 404) {
        const fallback = kind === 'hospital' ? T.noHospitalTemplate : T.noPlanTemplate;
        for (const message of result.messages.length > 0 ? result.messages : [fallback]) toastWarning(message);
      } else toastError(ptBR.errors.downloadFailed);
    } finally {
      setDownloading(null);
    }
  }

  return (
    <StyledBox>
      <StyledTitle>{T.templates}</StyledTitle>
      {kinds.some(available) ? (
        <div>
          {kinds.filter(available).map((kind) => (
            <Button
              key={kind}
              variant="secondary"
              onClick={() => void handleDownload(kind)}
              loading={downloading === kind}
              disabled={downloading !== null && downloading !== kind}
            >
              {downloading === kind ? T.downloading : kind === 'hospital' ? T.hospitalTemplate : T.planTemplate}
            </Button>
          ))}
        </div>
      ) : null}
      {kinds
        .filter((kind) => !available(kind))
        .map((kind) => (
          <StyledNone key={kind} data-no-template={kind}>
            {kind === 'hospital' ? T.noHospitalTemplate : T.noPlanTemplate}
          </StyledNone>
        ))}
    </StyledBox>
  );
}
