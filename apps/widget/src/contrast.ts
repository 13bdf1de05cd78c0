/** WCAG 2's minimum contrast for body text (success criterion 1.4.3, level AA). */
export const minTextContrast = 4.5;

/** A colour's relative luminance, as WCAG 2 defines it; `hex` is #RRGGBB. */
export function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two #RRGGBB colours, from 1 (the same) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * A ratio as people read it, "4.4:1". Cut, never rounded up: 4.48 must not read as the 4.5 it fails.
 */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;

export type ColourPair = { what: string; text: string; background: string };

/** The pairs that fall below the minimum, each with its ratio, worst first. */
export function hardToRead(pairs: ColourPair[]) {
  return pairs
    .map((p) => ({ ...p, ratio: contrastRatio(p.text, p.background) }))
    .filter((p) => p.ratio < minTextContrast)
    .sort((x, y) => x.ratio - y.ratio);
}
