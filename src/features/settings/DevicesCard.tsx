/**
 * 'Dispositivos conectados' (issue 35 item 4), in the medic's /settings and the secretary's /account: each sign-in
 * with its browser and system, its last use, 'Este dispositivo' for this one; 'Sair' ends one (after 'Tem
 * certeza?'), 'Sair de todos os outros' ends the rest. The list is read again after each end.
 */
import { useId, useState } from 'react';
import { styled } from 'goober';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Icon } from '../../components/ui/Icon';
import { Notice } from '../../components/ui/Notice';
import { formatDate, formatTime } from '../../lib/format/date';
import { accountTexts } from '../../lib/i18n/account';
import { fill } from '../../lib/i18n/pt-BR';
import { settingsTexts } from '../../lib/i18n/settings';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRead } from '../../lib/useRead';
import { endDevices, listDevices, type Device } from './devices';
import { StyledCard, StyledCardList, StyledCardText, StyledCardTitle } from './ProfileCard';
import { spreadRowCss } from '../../components/ui/cssParts';

const T = accountTexts.devices;

const StyledDevice = styled('li')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.sm} ${space.md};
  min-height: 64px;
  padding: ${space.md} 0;
  border-bottom: 1px solid ${colors.border};
  & > svg { flex: none; color: ${colors.primary}; }
`;

const StyledWhat = styled('div')`
  flex: 1 1 180px;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${space.xxs};
  & > span:first-child { font-size: ${fontSizes.md}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & > span:not(:first-child) { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const StyledCurrent = styled('span')`
  display: inline-flex;
  align-items: center;
  min-height: 28px;
  padding: 0 ${space.sm};
  border-radius: ${radii.pill};
  background: ${colors.primaryTint};
  color: ${colors.primary};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
`;

const StyledEnd = styled('button')`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-height: 44px;
  padding: 0 ${space.md};
  border-radius: ${radii.md};
  border: 1px solid ${colors.border};
  background: ${colors.surface};
  color: ${colors.danger};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  &:hover { background: ${colors.dangerSoft}; border-color: ${colors.danger}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const StyledFooter = styled('div')`
  ${spreadRowCss(space.md)}
  & > p { margin: 0; font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

/** 'agora mesmo' within five minutes (the last use is written at most that often), else 'dd/MM/yyyy HH:mm'. */
function when(iso: string, now = Date.now()): string {
  if (now - new Date(iso).getTime() < 5 * 60 * 1000) return T.now;
  return `${formatDate(iso)} ${formatTime(iso)}`;
}

const deviceName = (device: Device) => fill(T.device, { browser: device.browser, system: device.system });

export function DevicesCard() {
  const titleId = useId();
  // Read again after each end (and on a retry) with the list still shown; a failed read again keeps it.
  const { state, reload } = useRead((signal) => listDevices(signal), []);
  const [asking, setAsking] = useState<Device | 'others' | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleConfirm() {
    if (!asking) return;
    setBusy(true);
    const ok = await endDevices(asking === 'others' ? 'others' : { id: asking.id });
    setBusy(false);
    if (ok) toastSuccess(asking === 'others' ? T.endedOthers : T.ended);
    else toastError(T.failed);
    setAsking(null);
    reload();
  }

  const others = state.status === 'ready' ? state.value.filter((device) => !device.current) : [];
  return (
    <StyledCard aria-labelledby={titleId}>
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      <StyledCardText>{T.intro}</StyledCardText>
      {state.status === 'loading' ? (
        <Notice kind="loading" title={T.loading} compact />
      ) : state.status !== 'ready' ? (
        <Notice kind="failed" title={T.loadFailed} onRetry={reload} compact />
      ) : (
        <>
          <StyledCardList aria-label={T.listLabel}>
            {state.value.map((device) => (
              <StyledDevice key={device.id}>
                <Icon name="shieldCheck" size={22} />
                <StyledWhat>
                  <span>{deviceName(device)}</span>
                  <span>{fill(T.lastUsed, { when: device.current ? T.now : when(device.last_used_at) })}</span>
                  <span>{fill(T.signedIn, { when: `${formatDate(device.signed_in_at)} ${formatTime(device.signed_in_at)}` })}</span>
                </StyledWhat>
                {device.current ? (
                  <StyledCurrent>{T.current}</StyledCurrent>
                ) : (
                  <StyledEnd
                    type="button"
                    aria-label={fill(T.endLabel, { device: deviceName(device), when: when(device.last_used_at) })}
                    onClick={() => setAsking(device)}
                  >
                    <Icon name="logout" size={18} />
                    {T.end}
                  </StyledEnd>
                )}
              </StyledDevice>
            ))}
          </StyledCardList>
          <StyledFooter>
            {others.length === 0 ? <p>{T.onlyThis}</p> : <span />}
            {others.length > 0 ? (
              <Button variant="secondary" onClick={() => setAsking('others')}>
                {T.endOthers}
              </Button>
            ) : null}
          </StyledFooter>
        </>
      )}
      <ConfirmDialog
        isOpen={asking !== null}
        title={T.confirmTitle}
        text={asking === 'others' ? T.confirmOthers : asking ? fill(T.confirmOne, { device: deviceName(asking) }) : undefined}
        confirmLabel={T.confirmYes}
        cancelLabel={T.confirmNo}
        focus="cancel"
        tone="danger"
        busy={busy}
        busyLabel={T.ending}
        closeLabel={settingsTexts.modals.close}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setAsking(null)}
      />
    </StyledCard>
  );
}
