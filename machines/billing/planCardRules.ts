/**
 * The patient's card rules (issue 37 item 2; docs/TISS.md "The patient's card"), pure, without arktype: the screens
 * that show a card read them freely.
 */

/** A card is expired when its validity (yyyy-MM-dd) is before today (São Paulo); valid through its last day. */
export function isCardExpired(validUntil: string | null | undefined, today: string): boolean {
  return typeof validUntil === 'string' && validUntil !== '' && validUntil < today;
}
