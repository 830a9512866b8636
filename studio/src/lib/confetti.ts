// Confetti for 3 s on a claimed link and a purchase (none for a reader who asked for less motion). canvas-confetti's
// default instance draws in a Web Worker made from a blob: URL, which the server's Content-Security-Policy (no blob:
// workers) refuses, so nothing showed: this instance draws on the page's own thread instead.
import { prefersReducedMotion } from './motion.js';

export const CONFETTI_MS = 3000;

export async function celebrate(): Promise<void> {
  if (typeof window === 'undefined' || prefersReducedMotion()) return;
  const { default: confetti } = await import('canvas-confetti');
  const fire = confetti.create(undefined, { useWorker: false, resize: true, disableForReducedMotion: true });
  const end = Date.now() + CONFETTI_MS;
  const frame = () => {
    void fire({ particleCount: 4, angle: 60, spread: 60, origin: { x: 0, y: 0.7 } });
    void fire({ particleCount: 4, angle: 120, spread: 60, origin: { x: 1, y: 0.7 } });
    if (Date.now() < end) requestAnimationFrame(frame);
  };
  frame();
}
