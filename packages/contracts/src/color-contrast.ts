/**
 * Contrast of two colors by WCAG 2.x (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): the
 * checkout design warns when text would be hard to read.
 */

/** WCAG AA for normal text. */
export const AA_NORMAL_TEXT_RATIO = 4.5;

/** The relative luminance of `#rrggbb`: each sRGB channel linearized, then weighted. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (match === null) throw new Error(`${hex} is not a #rrggbb color`);
  const [red, green, blue] = match.slice(1).map((channel) => {
    const value = Number.parseInt(channel, 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: from 1 (same) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Whether normal text of one color on the other meets WCAG AA. */
export function meetsAaForText(foreground: string, background: string): boolean {
  return contrastRatio(foreground, background) >= AA_NORMAL_TEXT_RATIO;
}
