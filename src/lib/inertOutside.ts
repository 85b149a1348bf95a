/**
 * Makes everything on the page outside `keep` inert (issue 33 item 13: the page behind the phone menu stayed reachable
 * by assistive technology and the keyboard), as React Aria's modals do for theirs: walking up from each kept element
 * to <body>, every sibling that holds no kept element gets `inert`. Elements already inert, React Aria's top layer
 * (the toasts) and scripts are left alone. Returns the undo, which clears only what this call set.
 */
export function inertOutside(keep: readonly Element[]): () => void {
  const made: HTMLElement[] = [];
  const holdsKept = (element: Element) => keep.some((kept) => element === kept || element.contains(kept));
  for (const kept of keep) {
    for (let node: Element | null = kept; node && node !== document.body; node = node.parentElement) {
      const parent: HTMLElement | null = node.parentElement;
      if (!parent) break;
      for (const sibling of parent.children) {
        if (!(sibling instanceof HTMLElement) || sibling.inert || holdsKept(sibling)) continue;
        if (sibling.dataset.reactAriaTopLayer !== undefined || sibling.tagName === 'SCRIPT' || sibling.tagName === 'STYLE') continue;
        sibling.inert = true;
        made.push(sibling);
      }
    }
  }
  return () => {
    for (const element of made) element.inert = false;
  };
}
