// A seeded book for the near-duplicate tests: `chapters` chapters of sentences made from a small vocabulary,
// different for each seed (two books written apart share almost no 8-word run), the same for the same seed.
export function seededBook(seed: number, chapters = 4, sentences = 60): string[] {
  let x = seed * 2654435761 + 1;
  const next = () => ((x = Math.imul(x ^ (x >>> 15), 2246822507) + 12345) >>> 0) / 2 ** 32;
  const words = [
    'rain',
    'harbour',
    'lamp',
    'letter',
    'shop',
    'father',
    'morning',
    'river',
    'quiet',
    'old',
    'bright',
    'door',
    'street',
    'tea',
    'window',
    'map',
    'ship',
    'song',
    'market',
    'bridge',
    'garden',
    'cat',
    'clock',
    'road',
    'friend',
    'sister',
    'promise',
    'secret',
    'storm',
    'boat',
  ];
  return Array.from({ length: chapters }, () =>
    Array.from({ length: sentences }, () => {
      const n = 8 + Math.floor(next() * 10);
      const s = Array.from({ length: n }, () => words[Math.floor(next() * words.length)]!).join(' ');
      return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
    }).join(' '),
  );
}
