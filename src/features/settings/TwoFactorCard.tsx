/**
 * 'Verificação em duas etapas' (issue 35 item 3; docs/SECURITY.md "Two-factor sign-in"), in the medic's /settings and
 * the secretary's /account: whether it is on and how many recovery codes are left; 'Ativar' opens the enrolment (the
 * QR code and the secret to type by hand, then a code to confirm), which ends on the ten recovery codes, shown once;
 * 'Desativar' asks the current password and a code. A secretary whose medic requires it is told so and cannot turn it
 * off; the medic has the switch that requires it of his secretaries. The server's pt-BR messages are shown as written.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { styled } from 'goober';
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { callApi, messagesOf } from '../../api/call';
import { read } from '../../api/read';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { LazyModal } from '../../components/ui/LazyModal';
import { ModalActions, ModalMessages, ModalProblem, ModalSubmitActions, ModalText } from '../../components/ui/modalParts';
import { Notice } from '../../components/ui/Notice';
import { Switch } from '../../components/ui/Switch';
import { TextField } from '../../components/ui/TextField';
import { accountTexts } from '../../lib/i18n/account';
import { fill } from '../../lib/i18n/pt-BR';
import { settingsTexts } from '../../lib/i18n/settings';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRead } from '../../lib/useRead';
import { StyledCard, StyledCardText, StyledCardTitle } from './ProfileCard';
import { FieldStack } from '../../components/ui/fieldLayout';

type TwoFactorSetup = components['schemas']['TwoFactorSetup'];

const T = accountTexts.twoFactor;

const StyledState = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.sm} ${space.md};
  & > span { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const StyledBadge = styled('span')`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-height: 28px;
  padding: 0 ${space.sm};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  &[data-on='true'] { background: ${colors.primaryTint}; color: ${colors.primary}; }
  &[data-on='false'] { background: ${colors.warningSoft}; color: ${colors.warning}; }
`;

const StyledActions = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.md};
  align-items: center;
`;

const StyledQr = styled('img')`
  display: block;
  width: 200px;
  height: 200px;
  margin: 0 auto;
  background: #fff;
`;

const StyledSecret = styled('code')`
  display: block;
  padding: ${space.sm};
  border-radius: ${radii.sm};
  background: ${colors.background};
  color: ${colors.text};
  font-size: ${fontSizes.sm};
  word-break: break-all;
`;

const StyledCodes = styled('ul')`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  font-family: monospace;
  font-size: ${fontSizes.md};
  color: ${colors.text};
`;

type Dialog =
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

type FormDialogProps = { title: string; submitLabel: string; busyLabel: string; busy: boolean; onCancel: () => void; onSubmit: () => void; children: ReactNode };

function FormDialog({ title, submitLabel, busyLabel, busy, onCancel, onSubmit, children }: FormDialogProps) {
  return (
    <LazyModal
      isOpen
      onClose={onCancel}
      title={title}
      closeLabel={settingsTexts.modals.close}
      maxWidth={520}
      fullScreenOnPhone={false}
      dismissable={!busy}
      busy={busy}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit();
      }}
      footer={
        <ModalSubmitActions cancelLabel={T.cancel} onCancel={onCancel} submitLabel={submitLabel} sendingLabel={busyLabel} sending={busy} />
      }
    >
      <FieldStack>{children}</FieldStack>
    </LazyModal>
  );
}

function SetupDialog({ setup, onCancel, onEnabled }: { setup: TwoFactorSetup; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  async function submit() {
    if (code.trim() === '') return setMessages([T.codeRequired]);
    setBusy(true);
    const result = await callApi(() => api.POST('/project_auth/api/v1/two_factor/confirm/', { body: { otp: code.trim() } }));
    setBusy(false);
    if (result.ok) onEnabled(result.data.recovery_codes);
    else setMessages(messagesOf(result));
  }
  return (
    <FormDialog title={T.setupTitle} submitLabel={T.confirm} busyLabel={T.confirming} busy={busy} onCancel={onCancel} onSubmit={() => void submit()}>
      <ModalMessages messages={messages} role="alert" />
      <ModalText>{T.setupText}</ModalText>
      <StyledQr src={setup.qr_code} alt={T.qrAlt} width={200} height={200} />
      <div>
        <StyledCardText>{T.manualEntry}</StyledCardText>
        <StyledSecret data-testid="totp-secret">{setup.secret}</StyledSecret>
      </div>
      <TextField
        label={T.codeLabel}
        name="otp"
        value={code}
        onChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
      />
    </FormDialog>
  );
}

function DisableDialog({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: (message: string) => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  async function submit() {
    const missing = [...(password === '' ? [T.passwordRequired] : []), ...(code.trim() === '' ? [T.codeRequired] : [])];
    if (missing.length > 0) return setMessages(missing);
    setBusy(true);
    const result = await callApi(() => api.POST('/project_auth/api/v1/two_factor/disable/', { body: { password, otp: code.trim() } }));
    setBusy(false);
    if (result.ok) onDisabled(result.data.message);
    else setMessages(messagesOf(result));
  }
  return (
    <FormDialog
      title={T.disableTitle}
      submitLabel={T.disableConfirm}
      busyLabel={T.disabling}
      busy={busy}
      onCancel={onCancel}
      onSubmit={() => void submit()}
    >
      <ModalMessages messages={messages} role="alert" />
      <ModalText>{T.disableText}</ModalText>
      <TextField label={T.passwordLabel} name="password" type="password" value={password} onChange={setPassword} autoComplete="current-password" autoFocus />
      <TextField label={T.disableCodeLabel} name="otp" value={code} onChange={setCode} autoComplete="one-time-code" />
    </FormDialog>
  );
}

function CodesDialog({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <LazyModal
      isOpen
      onClose={onDone}
      title={T.codesTitle}
      closeLabel={settingsTexts.modals.close}
      maxWidth={520}
      fullScreenOnPhone={false}
      dismissable={false}
      footer={
        <ModalActions>
          <Button onClick={onDone}>{T.codesDone}</Button>
        </ModalActions>
      }
    >
      <FieldStack>
        <ModalProblem role="note">
          <Icon name="alert" size={18} />
          <span>{T.codesWarning}</span>
        </ModalProblem>
        <StyledCodes aria-label={T.codesTitle}>
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </StyledCodes>
      </FieldStack>
    </LazyModal>
  );
}

export function TwoFactorCard({ role }: { role: 'medic' | 'secretary' }) {
  const titleId = useId();
  const hintId = useId();
  // Read again after a change (and on a retry) with the card still shown; a failed read again keeps it.
  const { state, reload, replace } = useRead((signal) => read(() => api.GET('/project_auth/api/v1/two_factor/', { signal })), []);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [starting, setStarting] = useState(false);
  const [saving, setSaving] = useState(false);

  async function start() {
    setStarting(true);
    const result = await callApi(() => api.POST('/project_auth/api/v1/two_factor/setup/'));
    setStarting(false);
    if (result.ok) setDialog({ kind: 'setup', setup: result.data });
    else toastError(messagesOf(result)[0] ?? T.startFailed);
  }

  async function toggleSecretaries(required: boolean) {
    setSaving(true);
    const result = await callApi(() => api.PUT('/project_auth/api/v1/two_factor/secretaries/', { body: { required } }));
    setSaving(false);
    if (result.ok) {
      const saved = result.data;
      replace(() => saved);
      toastSuccess(required ? T.secretariesOn : T.secretariesOff);
    } else {
      toastError(messagesOf(result)[0] ?? T.failed);
    }
  }

  const status = state.status === 'ready' ? state.value : null;
  return (
    <StyledCard aria-labelledby={titleId}>
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      {state.status === 'loading' ? (
        <Notice kind="loading" title={T.loading} compact />
      ) : !status ? (
        <Notice kind="failed" title={T.loadFailed} onRetry={reload} compact />
      ) : (
        <>
          <StyledState>
            <StyledBadge data-on={status.enabled ? 'true' : 'false'}>
              <Icon name={status.enabled ? 'shieldCheck' : 'alert'} size={18} />
              {fill(T.statusLabel, { state: status.enabled ? T.on : T.off })}
            </StyledBadge>
            {status.enabled ? <span>{fill(T.codesLeft, { count: String(status.recovery_codes_left) })}</span> : null}
          </StyledState>
          <StyledCardText>{status.enabled ? T.introOn : T.introOff}</StyledCardText>
          {role === 'medic' && !status.enabled ? <StyledCardText>{T.encourageMedic}</StyledCardText> : null}
          {status.required ? <StyledCardText>{T.requiredByMedic}</StyledCardText> : null}
          <StyledActions>
            {status.enabled ? (
              status.required ? null : (
                <Button variant="secondary" onClick={() => setDialog({ kind: 'disable' })}>
                  {T.disable}
                </Button>
              )
            ) : (
              <Button onClick={() => void start()} loading={starting} disabled={starting}>
                {starting ? T.starting : T.enable}
              </Button>
            )}
          </StyledActions>
          {role === 'medic' ? (
            <div>
              <Switch
                label={T.secretariesSwitch}
                isSelected={status.secretaries_required === true}
                onToggle={() => void toggleSecretaries(status.secretaries_required !== true)}
                busy={saving}
                busyLabel={T.saving}
                describedBy={hintId}
              />
              <StyledCardText id={hintId}>{T.secretariesHint}</StyledCardText>
            </div>
          ) : null}
        </>
      )}
      {dialog?.kind === 'setup' ? (
        <SetupDialog
          setup={dialog.setup}
          onCancel={() => setDialog(null)}
          onEnabled={(codes) => {
            setDialog({ kind: 'codes', codes });
            toastSuccess(T.enabled);
          }}
        />
      ) : null}
      {dialog?.kind === 'codes' ? (
        <CodesDialog
          codes={dialog.codes}
          onDone={() => {
            setDialog(null);
            reload();
          }}
        />
      ) : null}
      {dialog?.kind === 'disable' ? (
        <DisableDialog
          onCancel={() => setDialog(null)}
          onDisabled={(message) => {
            setDialog(null);
            toastSuccess(message);
            reload();
          }}
        />
      ) : null}
    </StyledCard>
  );
}
