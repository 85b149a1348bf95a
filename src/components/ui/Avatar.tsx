/**
 * A person's round photo, or a placeholder when there is none (SPEC §7: "a missing foto is replaced by a placeholder
 * image"): the person's initials when the name is given, else a silhouette. Photos are short-lived signed links: when
 * one fails to load (expired, removed) the placeholder shows instead of a broken image.
 */
import { useState } from 'react';
import { styled } from 'goober';
import { colors, fontSizes, fontWeights } from '../../lib/theme';

const StyledFrame = styled('span')<{ $size: number }>`
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
  box-shadow: inset 0 0 0 1px rgba(11, 102, 112, 0.12);
  & > img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

type AvatarProps = {
  /** The photo's URL, or null for the placeholder. */
  src: string | null | undefined;
  /** Describes the photo for screen readers; omit when the name is already next to it (decorative). */
  alt?: string;
  /** Diameter in px. Default 40. */
  size?: number;
  /** The person's full name: without a photo, its initials show instead of the silhouette. */
  name?: string;
  /** The photo failed to load (an expired or removed link): the caller may fetch a fresh one. */
  onFailed?: () => void;
};

/** Two initials of a full name ('Maria da Silva' → 'MS'), skipping short lowercase particles (da, de, e). */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter((part) => part.length > 2 || /^[A-ZÀ-Ý]/.test(part));
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** The placeholder: a head-and-shoulders silhouette in the primary tint. */
function Silhouette({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="15.5" r="7" fill="currentColor" opacity="0.55" />
      <path d="M6.5 36.5c1.6-7.3 7-11.5 13.5-11.5s11.9 4.2 13.5 11.5" fill="currentColor" opacity="0.55" />
    </svg>
  );
}

export function Avatar({ src, alt, size = 40, name, onFailed }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  // A new `src` is tried again (reset during this render, not in an effect after it).
  const [triedSrc, setTriedSrc] = useState(src);
  if (triedSrc !== src) {
    setTriedSrc(src);
    setFailed(false);
  }
  const showPhoto = Boolean(src) && !failed;
  const initials = name ? initialsOf(name) : '';
  return (
    <StyledFrame
      $size={size}
      role={alt && !showPhoto ? 'img' : undefined}
      aria-label={alt && !showPhoto ? alt : undefined}
      aria-hidden={alt ? undefined : true}
    >
      {showPhoto ? (
        <img
          src={src ?? undefined}
          alt={alt ?? ''}
          loading="lazy"
          decoding="async"
          onError={() => {
            setFailed(true);
            onFailed?.();
          }}
        />
      ) : initials ? (
        initials
      ) : (
        <Silhouette size={size} />
      )}
    </StyledFrame>
  );
}
