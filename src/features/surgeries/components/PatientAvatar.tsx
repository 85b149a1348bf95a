import { styled } from 'goober';
import { colors, fontSizes, fontWeights } from '../../../lib/theme';

const StyledAvatar = styled('span')<{ $size: number }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${colors.primarySoft};
  color: ${colors.primary};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.bold};
  & > img { width: 100%; height: 100%; object-fit: cover; }
`;

/** Two initials of a full name ('Maria da Silva' → 'MS'). */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter((part) => part.length > 2 || /^[A-ZÀ-Ý]/.test(part));
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

type PatientAvatarProps = {
  name: string;
  /** Signed photo link, or null: the blank avatar (initials) is shown (SPEC §7: a missing foto gets a placeholder). */
  photo: string | null;
  size?: number;
};

/** The patient's photo, or a blank avatar with initials. Decorative: the name is always written next to it. */
export function PatientAvatar({ name, photo, size = 40 }: PatientAvatarProps) {
  return (
    <StyledAvatar $size={size} aria-hidden="true">
      {photo ? <img src={photo} alt="" loading="lazy" /> : initialsOf(name)}
    </StyledAvatar>
  );
}
