import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

export interface NavMenu {
  open: boolean;
  toggle(): void;
  /** The button that opens the menu: focus returns to it when Escape closes the menu. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The navigation around button and menu: a click outside it closes the menu. */
  areaRef: RefObject<HTMLElement | null>;
}

/**
 * The phone menu's disclosure: the button toggles it; Escape closes it and puts focus back on the
 * button; a click outside closes it; so does any navigation (a link in it was followed).
 */
export function useNavMenu(): NavMenu {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const areaRef = useRef<HTMLElement>(null);
  const { key } = useLocation();

  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !areaRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const toggle = useCallback(() => setOpen((was) => !was), []);
  return { open, toggle, buttonRef, areaRef };
}
