/**
 * 'Casos atrasados' on both homes (issue 13 item 4; DECISIONS §15): the visible cases past their stage's target
 * (`overdue=true`), the longest in their stage first, each with its days, stage, target and holder, opening the case;
 * 'Ver todos os atrasados' opens /surgery-status filtered by 'Atrasados'. Designed loading, empty and failed states.
 */
import { Link, useLocation } from '@tanstack/react-router';
import { styled } from 'goober';
import { Icon } from '../../components/ui/Icon';
import { Notice } from '../../components/ui/Notice';
import { clocksTexts } from '../../lib/i18n/clocks';
import { fill } from '../../lib/i18n/pt-BR';
import { medicName, statusLabel } from '../../lib/surgeries/surgeryText';
import { useSurgeryList } from '../../lib/surgeries/useSurgeryList';
import { caseTargetCount } from '../../lib/surgeries/clockText';
import type { Surgery } from '../../api/surgeryList';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { HomePanel } from './HomePanel';
import { useCaseLink } from '../../lib/surgeries/caseLink';
import { spreadRowCss } from '../../components/ui/cssParts';

const T = clocksTexts.home;

/** How many cases the panel lists; the rest are counted and one link away. */
const PANEL_SIZE = 5;

const StyledList = styled('ul')`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  & > li + li { border-top: 1px solid ${colors.border}; }
`;

const StyledCase = styled('a')`
  display: flex;
  align-items: flex-start;
  gap: ${space.md};
  width: 100%;
  min-height: 44px;
  padding: ${space.sm} ${space.xs};
  border: 0;
  border-radius: ${radii.md};
  background: transparent;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  color: ${colors.text};
  &:hover { background: ${colors.primaryTint}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
  & > svg { flex: none; margin-top: 2px; color: ${colors.danger}; }
`;

const StyledWhat = styled('span')`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  & > strong { font-weight: ${fontWeights.semibold}; overflow-wrap: anywhere; }
  & > span { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const StyledFoot = styled('div')`
  ${spreadRowCss(space.sm)}
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
  & > a {
    color: ${colors.primary};
    font-weight: ${fontWeights.semibold};
    text-decoration: underline;
    text-underline-offset: 3px;
    border-radius: ${radii.sm};
  }
  & > a:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

/** '9 dias em Autorização (prazo: 5 dias)'; at realizacao, the days since the surgery (what the target counts). */
function caseLine(surgery: Surgery): string {
  const count = caseTargetCount(surgery);
  const stage = statusLabel(surgery.status);
  const target = surgery.stage_target_days ?? '-';
  if (count?.from === 'surgery') return fill(T.caseLineSurgery, { days: count.days, stage, target });
  return fill(T.caseLine, { days: surgery.days_in_stage ?? 0, stage, target });
}

export function OverdueCases() {
  const caseLink = useCaseLink();
  const href = useLocation({ select: (location) => location.href });
  // Oldest status change first: the case waiting longest in its stage leads.
  const list = useSurgeryList({ statuses: null, date: null, ordering: 'status_changed_at', overdue: true, pageSize: PANEL_SIZE });
  const rest = list.count !== null ? list.count - list.items.length : 0;

  let content;
  if (list.status === 'loading') content = <Notice kind="loading" title={T.loading} compact />;
  else if (list.status === 'error') content = <Notice kind="failed" title={T.failed} onRetry={list.retry} compact />;
  else if (list.items.length === 0) content = <Notice kind="empty" icon="check" title={T.empty} text={T.emptyHint} compact />;
  else
    content = (
      <>
        <StyledList aria-label={T.listLabel}>
          {list.items.map((surgery) => (
            <li key={surgery.id}>
              <StyledCase
                {...caseLink(surgery.id, href)}
                aria-label={fill(T.openCase, { name: surgery.patient.nome_completo })}
              >
                <Icon name="alert" size={18} />
                <StyledWhat>
                  <strong>{surgery.patient.nome_completo}</strong>
                  <span>
                    {caseLine(surgery)}
                  </span>
                  <span>{fill(T.holder, { name: medicName(surgery.holder) })}</span>
                </StyledWhat>
              </StyledCase>
            </li>
          ))}
        </StyledList>
        <StyledFoot>
          <span>{rest > 0 ? fill(T.more, { n: rest }) : null}</span>
          <Link to="/surgery-status" search={{ overdue: 1 }}>
            {T.seeAll}
          </Link>
        </StyledFoot>
      </>
    );

  return (
    <HomePanel title={T.title} subtitle={T.intro} busy={list.status === 'loading'}>
      {content}
    </HomePanel>
  );
}
