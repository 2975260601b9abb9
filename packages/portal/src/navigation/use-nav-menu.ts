import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

export interface NavMenu<Area extends HTMLElement = HTMLElement> {
  open: boolean;
  toggle(): void;
  /** The button that opens the menu: focus returns to it when Escape closes the menu. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The element around button and menu: a click outside it closes the menu. */
  areaRef: RefObject<Area | null>;
}

/** What the keyboard reaches in the open menu, in order. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * The phone menu's disclosure (see {@link useNavDisclosure}). While it is open over the page, Tab
 * cycles through the Menu button and the menu's items only (issue 25): the page behind is covered, so
 * the focus must not go there unseen.
 */
export function useNavMenu(): NavMenu {
  return useNavDisclosure({ trapFocus: true });
}

/**
 * A menu of the navigation that a button opens: the button toggles it; Escape closes it and puts
 * focus back on the button; a click outside its area closes it; so does any navigation (a link in it
 * was followed).
 */
export function useNavDisclosure<Area extends HTMLElement = HTMLElement>({ trapFocus = false }: { trapFocus?: boolean } = {}): NavMenu<Area> {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const areaRef = useRef<Area>(null);
  const { key } = useLocation();

  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      } else if (trapFocus && event.key === 'Tab') {
        keepFocusInMenu(event, buttonRef.current);
      }
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
  }, [open, trapFocus]);

  const toggle = useCallback(() => setOpen((was) => !was), []);
  return { open, toggle, buttonRef, areaRef };
}

/**
 * Tab from the menu's last item goes back to the Menu button, Shift+Tab from the button to the last
 * item. Only where the button shows (a phone): on a wide screen the menu is part of the page's bar.
 */
function keepFocusInMenu(event: KeyboardEvent, button: HTMLButtonElement | null): void {
  const menuId = button?.getAttribute('aria-controls');
  const menu = menuId ? document.getElementById(menuId) : null;
  if (!button || !menu || button.getClientRects().length === 0) return;
  const items = [...menu.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.getClientRects().length > 0);
  const last = items.at(-1);
  if (!last) return;
  if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    button.focus();
  } else if (event.shiftKey && document.activeElement === button) {
    event.preventDefault();
    last.focus();
  }
}
