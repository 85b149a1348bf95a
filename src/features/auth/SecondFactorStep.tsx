/**
 * The sign-in's second step (docs/SECURITY.md "Two-factor sign-in"): the code of the authenticator app or a recovery
 * code; for a secretary whose medic requires it and who has none, the QR code to enrol first; after such an
 * enrolment, the ten recovery codes, shown once, before entering.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { styled } from 'goober';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { colors, fontSizes, fontWeights, space } from '../../lib/theme';
import { toastWarning } from '../../lib/toast';
import { useSession } from '../../lib/session/session';
import { associateSecondFactor } from '../../lib/session/actors';
import { twoFactorTexts as T } from './twoFactorTexts';

const StyledForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
`;
/** The step's title, under the card's h1 ('Acesse sua conta'): smaller than it, as a section of the card. */
const StyledStepTitle = styled('h2')`
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.semibold};
  line-height: 1.3;
`;
const StyledText = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;
const StyledSecret = styled('code')`
  word-break: break-all;
  font-size: ${fontSizes.sm};
`;
const StyledCodes = styled('ul')`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${space.sm};
  padding: 0;
  list-style: none;
  font-family: monospace;
`;

export function SecondFactorStep() {
  const { status, errors, secondFactor, recoveryCodes, verifySecondFactor, cancelSecondFactor, acknowledgeRecoveryCodes } = useSession();
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [setup, setSetup] = useState<{ secret: string; qr_code: string } | null>(null);
  const verifying = status === 'verifyingSecondFactor';
  const mfaToken = secondFactor?.mfaToken;
  const enrol = secondFactor?.enrollmentRequired === true;

  useEffect(() => {
    if (!enrol || !mfaToken) return;
    associateSecondFactor(mfaToken)
      .then(setSetup)
      .catch((error: { messages?: string[] }) => (error.messages ?? []).forEach((m) => toastWarning(m)));
  }, [enrol, mfaToken]);

  useEffect(() => {
    if (status === 'secondFactor') for (const message of errors) toastWarning(message);
  }, [status, errors]);

  if (status === 'recoveryCodes') {
    return (
      <section aria-labelledby="recovery-title">
        <StyledStepTitle id="recovery-title">{T.recoveryTitle}</StyledStepTitle>
        <StyledText>{T.recoveryText}</StyledText>
        <StyledCodes aria-label={T.recoveryTitle}>
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </StyledCodes>
        <Button onClick={acknowledgeRecoveryCodes} fullWidth>
          {T.continue}
        </Button>
      </section>
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') return toastWarning(useRecovery ? T.recoveryRequired : T.codeRequired);
    verifySecondFactor(code.trim(), useRecovery ? 'recovery' : 'otp');
  }

  return (
    <StyledForm noValidate onSubmit={handleSubmit} aria-labelledby="second-factor-title">
      <StyledStepTitle id="second-factor-title">{T.title}</StyledStepTitle>
      {enrol ? (
        <>
          <StyledText>{T.enrolText}</StyledText>
          {setup ? (
            <>
              <img src={setup.qr_code} alt={T.qrAlt} width={200} height={200} />
              <StyledText>
                {T.manualEntry} <StyledSecret data-testid="totp-secret">{setup.secret}</StyledSecret>
              </StyledText>
            </>
          ) : null}
        </>
      ) : (
        <StyledText>{useRecovery ? T.recoveryPrompt : T.codePrompt}</StyledText>
      )}
      <TextField
        label={useRecovery ? T.recoveryLabel : T.codeLabel}
        name="otp"
        value={code}
        onChange={setCode}
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
      />
      <Button type="submit" fullWidth loading={verifying}>
        {verifying ? T.verifying : T.submit}
      </Button>
      {enrol ? null : (
        <Button variant="ghost" type="button" onClick={() => (setUseRecovery((v) => !v), setCode(''))}>
          {useRecovery ? T.useApp : T.useRecovery}
        </Button>
      )}
      <Button variant="secondary" type="button" onClick={cancelSecondFactor}>
        {T.back}
      </Button>
    </StyledForm>
  );
}
