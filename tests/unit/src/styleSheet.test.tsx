// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { css, glob, styled } from 'goober';
import { describe, expect, it } from 'vitest';
// theme.ts installs the sheet (src/lib/styleSheet.ts) before goober's first rule, as the SPA's entry does.
import { colors } from '../../../src/lib/theme';
import { splitRules } from '../../../src/lib/styleSheet';

const cssRules = () => {
  const style = document.head.querySelector('style[data-styles="goober"]') as HTMLStyleElement | null;
  return Array.from(style?.sheet?.cssRules ?? [], (rule) => rule.cssText);
};

describe("goober's sheet (src/lib/styleSheet.ts)", () => {
  it('takes goober in place of its own <style id="_goober">', () => {
    css`color: ${colors.text};`;
    expect(document.getElementById('_goober')).toBeNull();
    expect(document.head.querySelectorAll('style[data-styles="goober"]')).toHaveLength(1);
  });

  it("receives each styled component's rules once, media queries included, in goober's order", () => {
    const Box = styled('div')`
      color: rgb(1, 2, 3);
      @media (min-width: 768px) { color: rgb(4, 5, 6); }
    `;
    const { getByText } = render(
      <>
        <Box>um</Box>
        <Box>dois</Box>
      </>,
    );
    const className = getByText('um').className;
    expect(getByText('dois').className).toBe(className);
    const own = cssRules().filter((rule) => rule.includes(`.${className}`));
    expect(own).toHaveLength(2);
    expect(own[0]).toMatch(/color: rgb\(1, 2, 3\)/);
    expect(own[1]).toMatch(/^@media \(min-width: 768px\)/);
  });

  it('puts first the rules of a component given another goober class, so that class wins, as goober does', () => {
    const Base = styled('span')`color: rgb(10, 20, 30);`;
    const { getByText } = render(<Base className={css`color: rgb(40, 50, 60);`}>tres</Base>);
    const [baseClass] = getByText('tres').className.split(' ');
    expect(cssRules()[0]).toContain(`.${baseClass}`);
    expect(cssRules()[0]).toContain('rgb(10, 20, 30)');
  });

  it("writes the whole text when goober replaces it (a glob after another) and keeps every rule", () => {
    const before = cssRules().length;
    glob`body { margin: 3px; }`;
    glob`body { margin: 5px; }`;
    const rules = cssRules();
    expect(rules.filter((rule) => rule.startsWith('body'))).toEqual([expect.stringMatching(/margin: 5px/)]);
    expect(rules).toHaveLength(before + 1);
  });
});

describe('splitRules', () => {
  it('splits top-level rules and keeps nested blocks and quoted braces whole', () => {
    expect(splitRules(`.a{color:red;}@media (min-width:1px){.a{color:blue;}}.b::after{content:"}{";}`)).toEqual([
      '.a{color:red;}',
      '@media (min-width:1px){.a{color:blue;}}',
      '.b::after{content:"}{";}',
    ]);
  });
});
