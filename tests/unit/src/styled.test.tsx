// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { createRef } from 'react';
import { css } from 'goober';
import { describe, expect, it } from 'vitest';
// theme.ts sets goober up (the `$` prop filter) and installs its sheet, as the SPA's entry does.
import { colors } from '../../../src/lib/theme';
import { styled } from '../../../src/lib/styled';

const cssRules = () => {
  const style = document.head.querySelector('style[data-styles="goober"]') as HTMLStyleElement | null;
  return Array.from(style?.sheet?.cssRules ?? [], (rule) => rule.cssText);
};

describe('styled (src/lib/styled.ts)', () => {
  it("keeps a constant template's class across renders and elements, its rules written once", () => {
    const Box = styled('div')`color: rgb(1, 2, 3); border-color: ${colors.primary};`;
    const { getByText, rerender } = render(<Box>um</Box>);
    const className = getByText('um').className;
    expect(className).toMatch(/^go\d+$/);
    // A second render, and a second element, with the same class and the rules written once.
    rerender(<Box title="de novo">um</Box>);
    const second = render(<Box>dois</Box>);
    expect(getByText('um').className).toBe(className);
    expect(second.getByText('dois').className).toBe(className);
    expect(cssRules().filter((rule) => rule.includes(`.${className}`))).toEqual([expect.stringContaining('rgb(1, 2, 3)')]);
  });

  it('gives the same class as goober for the same text', () => {
    const Box = styled('span')`color: rgb(7, 8, 9);`;
    const { getByText } = render(<Box>tres</Box>);
    expect(getByText('tres').className).toBe(css`color: rgb(7, 8, 9);`);
  });

  it('renders as goober does: `as`, its own class before the given one, `$` props off the DOM, ref', () => {
    const Box = styled('div')<{ $tone?: string }>`color: rgb(11, 12, 13);`;
    const ref = createRef<HTMLDivElement>();
    const { getByText } = render(
      // `as` is goober's runtime prop (its types leave it out).
      <Box {...{ as: 'section' }} className="extra" $tone="warning" ref={ref} aria-label="caixa">
        quatro
      </Box>,
    );
    const element = getByText('quatro');
    expect(element.tagName).toBe('SECTION');
    expect(element.className).toMatch(/^go\d+ extra$/);
    expect(element.getAttribute('$tone')).toBeNull();
    expect(element.getAttribute('aria-label')).toBe('caixa');
    expect(ref.current as HTMLElement | null).toBe(element);
  });

  it('puts its rules first when given another goober class at its first render, so that class wins', () => {
    const Base = styled('span')`color: rgb(20, 21, 22);`;
    const { getByText } = render(<Base className={css`color: rgb(23, 24, 25);`}>cinco</Base>);
    const [own] = getByText('cinco').className.split(' ');
    expect(cssRules()[0]).toContain(`.${own}`);
  });

  it("leaves a template that reads props to goober, per render", () => {
    const Box = styled('div')<{ $size: number }>`width: ${(p) => p.$size}px;`;
    const { getByText } = render(
      <>
        <Box $size={10}>seis</Box>
        <Box $size={20}>sete</Box>
      </>,
    );
    const [small, large] = [getByText('seis').className, getByText('sete').className];
    expect(small).not.toBe(large);
    expect(cssRules().find((rule) => rule.includes(`.${large}`))).toContain('width: 20px');
    expect(getByText('sete').getAttribute('$size')).toBeNull();
  });
});
