/** A list without bullets or indent, its items one under the other, `gap` apart: CSS to open a styled list with. */
export const plainListCss = (gap: string) => `
  display: flex;
  flex-direction: column;
  gap: ${gap};
  margin: 0;
  padding: 0;
  list-style: none;
`;
