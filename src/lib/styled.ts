/**
 * The SPA's `styled`: goober's, with the class of a constant template computed once (issue 15: blocking time of the
 * signed-in pages).
 *
 * For every render of every styled element, goober builds the template's CSS text again, looks its class up by that
 * text and searches the style sheet for its rules (goober/src/styled.js → css.js → core/hash.js, core/update.js). In
 * a CPU profile of the medic home at 4× slowdown that was the largest single item of React's rendering. Most of our
 * templates interpolate only constants (the theme's tokens), so their text never changes: here such a component asks
 * goober's own `css` for its class at its first render and keeps it. It passes what goober's styled passes (a
 * className holding another goober class puts the rules first in the sheet, so that class wins), and renders as
 * goober's styled does: `as`, the given className after its own, `$` props (styling-only, theme.ts) kept off DOM
 * elements, `ref` through props (React 19). A template that reads props (`${(p) => …}`) stays goober's own.
 */
import { createElement } from 'react';
import { css, styled as gooberStyled } from 'goober';

type Props = Record<string, unknown> & { as?: unknown; className?: string };
type Interpolation = unknown;

const GOOBER_CLASS = /go\d/;

function constantStyled(tag: string, template: TemplateStringsArray, values: Interpolation[]) {
  let ownClass: string | undefined;
  return function Styled(props: Props = {}) {
    const { as, className, ...rest } = props;
    ownClass ??= (css as (this: { o: boolean }, ...args: unknown[]) => string).call(
      { o: GOOBER_CLASS.test(className ?? '') },
      template,
      ...values,
    );
    const type = as || tag;
    if (typeof type === 'string') for (const key of Object.keys(rest)) if (key.startsWith('$')) delete rest[key];
    return createElement(type as string, { ...rest, className: className ? `${ownClass} ${className}` : ownClass });
  };
}

export const styled = ((tag: string) => {
  const byGoober = (gooberStyled as (tag: string) => (template: TemplateStringsArray, ...values: Interpolation[]) => unknown)(tag);
  return (template: TemplateStringsArray, ...values: Interpolation[]) =>
    values.some((value) => typeof value === 'function') || !Array.isArray(template)
      ? byGoober(template, ...values)
      : constantStyled(tag, template, values);
}) as typeof gooberStyled;
