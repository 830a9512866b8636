// The reader's wish for less motion (the system's "reduce motion", prefers-reduced-motion; WCAG 2.3.3): the studio's
// CSS turns its transitions off and slows its spinners (app.css); what script moves asks here.

/** Whether the reader asked for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** How a scroll the studio makes moves: at once for a reader who asked for less motion, else smoothly. */
export function scrollMotion(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
