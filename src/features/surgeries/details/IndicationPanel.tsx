/**
 * Step 1, Cadastro de Cirurgia (the patient's indication): what the header above does not show already (the CIDs with
 * their descriptions, OPME, when it was registered, its notes), and 'Próximo passo' (SPEC §4).
 */
import { formatDate } from '../../../lib/format/date';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { FactList, NextButton, PanelFrame, usePanel } from './PanelFrame';

const T = surgeriesTexts.lifecycle.indication;

export function IndicationPanel() {
  const { surgery, lifecycle } = usePanel();
  return (
    <PanelFrame
      intro={T.intro}
      actions={<NextButton busy={lifecycle.pending === 'advance'} onClick={() => void lifecycle.request({ type: 'case.advance', fields: {} })} />}
    >
      <FactList
        items={[
          { term: T.cids, value: surgery.cid.map((cid) => `${cid.code} - ${cid.description}`).join('\n'), wide: true },
          { term: T.opme, value: surgery.opme ? T.yes : T.no },
          { term: T.createdAt, value: formatDate(surgery.created_at) },
          { term: T.note, value: surgery.surgery_note, wide: true },
        ]}
      />
    </PanelFrame>
  );
}
