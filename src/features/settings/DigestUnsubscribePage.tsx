/**
 * /digest-unsubscribe#<token> (issue 39 item 3): the link at the end of every morning digest. Open to anyone, signed
 * in or not: the token (the account's id and the server's HMAC of it) is the proof. Opening the page changes nothing
 * (a mail scanner that follows links must not unsubscribe anyone): 'Parar o resumo diário' posts the token. Success
 * shows the server's text in place of the button; a token the server did not make (or no token at all) shows its
 * refusal; a call that got no answer shows the usual error and keeps the button, to try again.
 */
import { useEffect, useRef, useState } from 'react';
import { styled } from 'goober';
import { messagesOf } from '../../api/call';
import { AuthHeading, AuthLayout } from '../../components/layout/AuthLayout';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { Notice } from '../../components/ui/Notice';
import { TextLink } from '../../components/ui/TextLink';
import { digestTexts } from '../../lib/i18n/digest';
import { colors, fontSizes, radii, space } from '../../lib/theme';
import { toastError } from '../../lib/toast';
import { unsubscribeDigest } from './digest';

const T = digestTexts.unsubscribe;

type Step = { status: 'asking' } | { status: 'sending' } | { status: 'done'; message: string } | { status: 'invalid'; message: string };

const StyledBody = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
`;

const StyledText = styled('p')`
  color: ${colors.text};
`;

/** The server's 'done' text: the success colours, a check, announced as a status. */
const StyledDone = styled('div')`
  display: flex;
  gap: ${space.sm};
  align-items: flex-start;
  padding: ${space.lg};
  border: 1px solid ${colors.success};
  border-radius: ${radii.md};
  background: ${colors.successSoft};
  color: ${colors.text};
  &:focus { outline: none; }
  & > svg { flex: none; margin-top: 2px; color: ${colors.success}; }
`;

const StyledFooter = styled('p')`
  margin-top: ${space.xl};
  text-align: center;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

/** The token after '#' (the fragment never reaches a server: no access log or Referer holds it). */
function tokenOfLocation(): string {
  try {
    return decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();
  } catch {
    // A malformed escape: sent as it is, the server refuses it like any other bad token.
    return window.location.hash.replace(/^#/, '').trim();
  }
}

export function DigestUnsubscribePage() {
  const [token] = useState(tokenOfLocation);
  const [step, setStep] = useState<Step>(token ? { status: 'asking' } : { status: 'invalid', message: T.invalidLink });
  const outcomeRef = useRef<HTMLDivElement>(null);
  const sent = useRef(false);

  // After a click the button is gone: the focus goes to the outcome, not to the page (on arrival it is left alone).
  useEffect(() => {
    if (!sent.current || (step.status !== 'done' && step.status !== 'invalid')) return;
    if (document.activeElement === null || document.activeElement === document.body) outcomeRef.current?.focus();
  }, [step.status]);

  async function handleStop() {
    sent.current = true;
    setStep({ status: 'sending' });
    const result = await unsubscribeDigest(token);
    if (result.ok) return setStep({ status: 'done', message: result.data.message });
    if (result.status === 400) return setStep({ status: 'invalid', message: messagesOf(result)[0] ?? T.invalidLink });
    setStep({ status: 'asking' });
    for (const message of messagesOf(result)) toastError(message);
  }

  const finished = step.status === 'done' || step.status === 'invalid';
  return (
    <AuthLayout>
      <AuthHeading title={T.title} />
      <StyledBody>
        {step.status === 'done' ? (
          <StyledDone ref={outcomeRef} role="status" tabIndex={-1}>
            <Icon name="check" size={20} />
            <span>{step.message}</span>
          </StyledDone>
        ) : step.status === 'invalid' ? (
          <div ref={outcomeRef} tabIndex={-1}>
            <Notice kind="failed" title={step.message} compact />
          </div>
        ) : (
          <>
            <StyledText>{T.text}</StyledText>
            <Button fullWidth onClick={() => void handleStop()} loading={step.status === 'sending'}>
              {step.status === 'sending' ? T.sending : T.submit}
            </Button>
          </>
        )}
      </StyledBody>
      {finished ? (
        <StyledFooter>
          <TextLink to="/">{T.home}</TextLink>
        </StyledFooter>
      ) : null}
    </AuthLayout>
  );
}
