import { useEffect } from 'react';

const modalOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

/**
 * Gives focus back to the control that opened a modal when the modal goes away. Mantine does this for a
 * modal that opens after it is mounted, but most of ours are mounted already open and unmounted on
 * close, which leaves focus on the page's body: a keyboard user would start again from the top.
 */
export function useDialogFocusReturn() {
  useEffect(() => {
    let opener: HTMLElement | null = null;
    let wasOpen = modalOpen();
    // Only while no modal is open: a modal's own lists and menus are drawn outside it, and focusing
    // them must not take the opener's place.
    const noteFocus = (event: FocusEvent) => {
      if (!modalOpen()) opener = event.target as HTMLElement;
    };
    const observer = new MutationObserver(() => {
      const open = modalOpen();
      const focusLost = document.activeElement === null || document.activeElement === document.body;
      if (wasOpen && !open && focusLost && opener?.isConnected) opener.focus();
      wasOpen = open;
    });
    document.addEventListener('focusin', noteFocus);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', noteFocus);
      observer.disconnect();
    };
  }, []);
}
