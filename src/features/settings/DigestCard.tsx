/**
 * 'Resumo diário por e-mail' (issue 39 item 3), in the medic's /settings and the secretary's /account: one switch that
 * turns the morning e-mail on or off (docs/DIGEST.md). It is saved as soon as it moves, and moves back when the
 * server refuses. The e-mail's own link (/digest-unsubscribe) turns it off without signing in.
 */
import { useId, useState } from 'react';
import { messagesOf } from '../../api/call';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { Switch } from '../../components/ui/Switch';
import { digestTexts } from '../../lib/i18n/digest';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRead } from '../../lib/useRead';
import { getDigest, setDigestEnabled } from './digest';
import { StyledCard, StyledCardText, StyledCardTitle } from './ProfileCard';

const T = digestTexts.card;

export function DigestCard() {
  const titleId = useId();
  const hintId = useId();
  const digestRead = useRead((signal) => getDigest(signal), []);
  const { state, replace } = digestRead;
  const [saving, setSaving] = useState(false);

  /** The switch moves at once and back if the server refuses. */
  async function toggle(enabled: boolean) {
    setSaving(true);
    replace(() => ({ enabled }));
    const result = await setDigestEnabled(enabled);
    setSaving(false);
    if (result.ok) {
      const saved = result.data;
      replace(() => saved);
      toastSuccess(T.saved);
    } else {
      replace(() => ({ enabled: !enabled }));
      toastError(messagesOf(result)[0] ?? T.failed);
    }
  }

  const digest = state.status === 'ready' ? state.value : null;
  return (
    <StyledCard aria-labelledby={titleId} aria-busy={state.status === 'loading' || undefined}>
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      {!digest ? (
        <ReadNotice read={digestRead} loading={T.loading} failed={T.loadFailed} compact />
      ) : (
        <div>
          <Switch
            label={T.enabled}
            isSelected={digest.enabled}
            onToggle={() => void toggle(!digest.enabled)}
            busy={saving}
            busyLabel={T.saving}
            describedBy={hintId}
          />
          <StyledCardText id={hintId}>{T.enabledHint}</StyledCardText>
        </div>
      )}
    </StyledCard>
  );
}
