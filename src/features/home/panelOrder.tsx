/**
 * The home's panels appear top to bottom: a panel shows once every panel above it has had its first answer (or
 * failed). Each panel loads at once, hidden meanwhile; an answer above never pushes down a panel already on screen
 * (issue 15: Lighthouse measured a layout shift of 0.36 on the secretary's home as the lists above grew). After its
 * first appearance a panel stays; later reloads (another day, a retry) keep the usual loading states in place.
 */
import { createContext, startTransition, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

type PanelOrder = {
  register: (panel: HTMLElement) => () => void;
  settle: (panel: HTMLElement) => void;
  isShown: (panel: HTMLElement | null) => boolean;
  /** Changes whenever a panel registers or settles, so the panels read the order again. */
  version: number;
};

const PanelOrderContext = createContext<PanelOrder | null>(null);

const precedes = (a: HTMLElement, b: HTMLElement) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

export function PanelsInOrder({ children }: { children: ReactNode }) {
  const panels = useRef(new Set<HTMLElement>());
  const settled = useRef(new Set<HTMLElement>());
  const shown = useRef(new Set<HTMLElement>());
  const [version, setVersion] = useState(0);
  // The panels register and settle from layout effects, where a plain state update re-renders every panel at once, in
  // the same blocking task as the commit; as a transition React renders it in slices (issue 15).
  const changed = useCallback(() => startTransition(() => setVersion((current) => current + 1)), []);

  const register = useCallback(
    (panel: HTMLElement) => {
      panels.current.add(panel);
      changed();
      return () => {
        panels.current.delete(panel);
        changed();
      };
    },
    [changed],
  );
  const settle = useCallback(
    (panel: HTMLElement) => {
      if (settled.current.has(panel)) return;
      settled.current.add(panel);
      changed();
    },
    [changed],
  );
  const order = useMemo<PanelOrder>(
    () => ({
      register,
      settle,
      version,
      isShown(panel) {
        if (!panel || !panels.current.has(panel)) return false;
        if (shown.current.has(panel)) return true;
        for (const other of panels.current) if (precedes(other, panel) && !settled.current.has(other)) return false;
        shown.current.add(panel);
        return true;
      },
    }),
    [register, settle, version],
  );
  return <PanelOrderContext.Provider value={order}>{children}</PanelOrderContext.Provider>;
}

/** Whether the panel `panel` may show (always, outside PanelsInOrder); `busy` while its read runs. */
export function usePanelInOrder(panel: HTMLElement | null, busy: boolean): boolean {
  const order = useContext(PanelOrderContext);
  const register = order?.register;
  const settle = order?.settle;
  useLayoutEffect(() => {
    if (register && panel) return register(panel);
  }, [register, panel]);
  useLayoutEffect(() => {
    if (settle && panel && !busy) settle(panel);
  }, [settle, panel, busy]);
  return order ? order.isShown(panel) : true;
}
