import { useLayoutEffect, type RefObject } from 'react';

/** A menu's appearance: faded in and grown from 96 % over 160 ms, from its CSS transform-origin. */
const APPEAR: Keyframe[] = [
  { opacity: 0, transform: 'scale(0.96) translateY(4px)' },
  { opacity: 1, transform: 'none' },
];

/**
 * Plays a menu's appearance once, when `shown` turns true; not on its page changes. A CSS
 * animation on the menu's element ran again in WebKit when the menu changed page (the same element,
 * new content), and a press on an item while it ran could end on the backdrop: the click was lost.
 * Nothing moves for a viewer who asks for reduced motion.
 */
export function useAppear(ref: RefObject<HTMLElement | null>, shown: boolean): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!shown || !element || typeof element.animate !== 'function') return undefined;
    if (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches) return undefined;
    // Not cancelled on close: the menu leaves the page with its animation.
    element.animate(APPEAR, { duration: 160, easing: 'ease-out' });
    return undefined;
  }, [ref, shown]);
}
