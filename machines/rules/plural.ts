/**
 * Singular and plural of a counted text ('1 cirurgia', '7 cirurgias'), instead of the lazy 'cirurgia(s)' (issue
 * "What a surgeon's office hit in its third week", item 33.14). Here in machines/ because the server's messages
 * use it too (LIFECYCLE_MESSAGES.missingDocuments), not only the SPA's texts. The form is chosen by Intl.PluralRules('pt-BR'),
 * with one exception: CLDR puts 0 in pt's 'one' category, while Brazilian usage writes zero with the plural
 * ('0 cirurgias', 'Faltam 0 documentos'), so a count of zero takes the plural (or the `zero` form when given).
 * CLDR's 'many' (a million and up, 'um milhão de …') falls back to the plural too.
 */

/** The forms of a counted text; `{count}` in them is replaced by the count. */
type PluralForms = {
  one: string;
  other: string;
  /** Used for a count of zero when given (e.g. 'Nenhum documento'); else `other`. */
  zero?: string;
};

/** Made at the first use, not when the module loads (as date.ts's formatters: issue 15, blocking time). */
let rules: Intl.PluralRules | undefined;

/** Which form a count takes: 'one' (1, and fractions below 2 as CLDR says), 'zero' or 'other'. */
function pluralCategory(count: number): 'zero' | 'one' | 'other' {
  if (count === 0) return 'zero';
  rules ??= new Intl.PluralRules('pt-BR');
  return rules.select(count) === 'one' ? 'one' : 'other';
}

/** The text for `count` with `{count}` filled in: plural(2, { one: '{count} dia', other: '{count} dias' }) → '2 dias'. */
export function plural(count: number, forms: PluralForms): string {
  const category = pluralCategory(count);
  const text = category === 'one' ? forms.one : category === 'zero' ? (forms.zero ?? forms.other) : forms.other;
  return text.replace(/\{count\}/g, String(count));
}
