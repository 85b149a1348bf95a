/**
 * The profile block of /settings (SPEC §2 Settings): the avatar (the default silhouette while `image` is null) with
 * its 'Alterar foto' button (issue 11 item 13), then
 * one row per fact: the full name and the nickname with an edit button each, CRM and e-mail read-only, and the
 * password as a mask with its own button.
 */
import { useId, type ReactNode } from 'react';
import { EmailText } from '../../components/ui/EmailText';
import { styled } from 'goober';
import { Avatar } from '../../components/ui/Avatar';
import { Icon, type IconName } from '../../components/ui/Icon';
import { textButtonCss } from '../../components/ui/singleFileUpload';
import { profilePhotoTexts as photoTexts } from '../../lib/i18n/profilePhoto';
import { settingsTexts as T } from '../../lib/i18n/settings';
import { colors, focusRing, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import type { SettingsForm } from '../../../machines/settings/settingsModalMachine';
import type { Settings } from './actors';
import { raisedSurface } from '../../components/ui/cssParts';

export const StyledCard = styled('section')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
  min-width: 0;
  padding: ${space.lg};
  ${raisedSurface}
  ${media.md} { padding: ${space.xl}; }
`;

export const StyledCardTitle = styled('h2')`
  margin: 0;
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
`;

export const StyledCardText = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

/** A card's rows, ruled above and between (linked people, devices). */
export const StyledCardList = styled('ul')`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  border-top: 1px solid ${colors.border};
`;

const StyledIdentity = styled('div')`
  display: flex;
  align-items: center;
  gap: ${space.lg};
  min-width: 0;
`;

const StyledPhoto = styled('div')`
  flex: none;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space.xs};
`;

const StyledPhotoButton = styled('button')`
  ${textButtonCss}
`;

const StyledWho = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.xxs};
  min-width: 0;
  & > p:first-child {
    font-size: ${fontSizes.lg};
    font-weight: ${fontWeights.bold};
    color: ${colors.text};
    overflow-wrap: break-word;
  }
  & > p:last-child {
    font-size: ${fontSizes.sm};
    color: ${colors.textMuted};
    overflow-wrap: break-word;
  }
`;

const StyledFacts = styled('div')`
  margin: 0;
  display: flex;
  flex-direction: column;
  border-top: 1px solid ${colors.border};
`;

const StyledFact = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  grid-template-areas: 'fact action';
  align-items: center;
  column-gap: ${space.md};
  min-height: 64px;
  padding: ${space.md} 0;
  border-bottom: 1px solid ${colors.border};
  & > dl {
    grid-area: fact;
    display: flex;
    flex-direction: column;
    gap: ${space.xxs};
    min-width: 0;
    margin: 0;
  }
  & dt {
    font-size: ${fontSizes.xs};
    font-weight: ${fontWeights.semibold};
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${colors.textMuted};
  }
  & dd {
    margin: 0;
    min-width: 0;
    font-size: ${fontSizes.md};
    color: ${colors.text};
    overflow-wrap: break-word;
  }
  & dd[data-muted] { color: ${colors.textSubtle}; }
  & dd[data-mask] { letter-spacing: 0.12em; }
`;

const StyledEdit = styled('button')`
  grid-area: action;
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-height: 44px;
  padding: 0 ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.surface};
  color: ${colors.primary};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  &:hover { background: ${colors.primaryTint}; border-color: ${colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const StyledEditText = styled('span')`
  display: none;
  ${media.md} { display: inline; }
`;

type EditAction = { label: string; text: string; icon: IconName; form: SettingsForm };

type FactProps = {
  term: string;
  value: ReactNode;
  muted?: boolean;
  mask?: boolean;
  valueLabel?: string;
  action?: EditAction;
  onEdit: (form: SettingsForm) => void;
};

function Fact({ term, value, muted, mask, valueLabel, action, onEdit }: FactProps) {
  return (
    <StyledFact>
      <dl>
        <dt>{term}</dt>
        <dd data-muted={muted ? '' : undefined} data-mask={mask ? '' : undefined} aria-label={valueLabel}>
          {value}
        </dd>
      </dl>
      {action ? (
        <StyledEdit type="button" aria-label={action.label} onClick={() => onEdit(action.form)}>
          <Icon name={action.icon} size={18} />
          <StyledEditText>{action.text}</StyledEditText>
        </StyledEdit>
      ) : null}
    </StyledFact>
  );
}

type ProfileCardProps = {
  settings: Settings;
  /** The CRM row (a medic's); the secretary's 'Minha conta' has none. Default true. */
  showCrm?: boolean;
  onEdit: (form: SettingsForm) => void;
  onEditPhoto: () => void;
};

export function ProfileCard({ settings, showCrm = true, onEdit, onEditPhoto }: ProfileCardProps) {
  const titleId = useId();
  const fullName = `${settings.first_name} ${settings.last_name}`.trim();
  return (
    <StyledCard aria-labelledby={titleId}>
      <StyledCardTitle id={titleId}>{T.profile.title}</StyledCardTitle>
      <StyledIdentity>
        <StyledPhoto>
          <Avatar src={settings.image} alt={T.profile.avatarAlt} size={72} />
          <StyledPhotoButton type="button" aria-label={photoTexts.open} onClick={onEditPhoto}>
            {photoTexts.change}
          </StyledPhotoButton>
        </StyledPhoto>
        <StyledWho>
          <p>{fullName}</p>
          <p>
            <EmailText email={settings.email} />
          </p>
        </StyledWho>
      </StyledIdentity>
      <StyledFacts>
        <Fact
          term={T.profile.name}
          value={fullName}
          action={{ label: T.profile.editName, text: T.profile.edit, icon: 'pencil', form: 'name' }}
          onEdit={onEdit}
        />
        <Fact
          term={T.profile.nickname}
          value={settings.nickname ?? T.profile.nicknameEmpty}
          muted={!settings.nickname}
          action={{ label: T.profile.editNickname, text: T.profile.edit, icon: 'pencil', form: 'nickname' }}
          onEdit={onEdit}
        />
        {showCrm ? <Fact term={T.profile.crm} value={settings.crm ?? T.profile.crmEmpty} muted={!settings.crm} onEdit={onEdit} /> : null}
        <Fact term={T.profile.email} value={<EmailText email={settings.email} />} onEdit={onEdit} />
        <Fact
          term={T.profile.password}
          value={T.profile.maskedPassword}
          mask
          valueLabel={T.profile.maskedPasswordLabel}
          action={{ label: T.profile.editPassword, text: T.profile.change, icon: 'pencil', form: 'password' }}
          onEdit={onEdit}
        />
      </StyledFacts>
    </StyledCard>
  );
}
