import type { PlacementStyle, PlacementTheme } from '@portal/contracts/placements';

/** The colours the merchant's site shows (placement-script.ts on the server draws the same). */
const THEMES: Readonly<Record<PlacementTheme, { background: string; color: string; border: string }>> = {
  light: { background: '#ffffff', color: '#1f2933', border: '#c5ccd3' },
  dark: { background: '#1f2933', color: '#ffffff', border: '#1f2933' },
  brand: { background: '#0b4f8a', color: '#ffffff', border: '#0b4f8a' },
};

/** The message as a shopper sees it on the merchant's page. */
export function MessageBox({
  text,
  style,
  theme,
}: {
  readonly text: string;
  readonly style: PlacementStyle;
  readonly theme: PlacementTheme;
}) {
  const colours = THEMES[theme];
  const button = style === 'button';
  return (
    <span
      data-testid="placement-preview-message"
      style={{
        display: 'inline-block',
        color: colours.color,
        background: colours.background,
        border: `1px solid ${colours.border}`,
        padding: button ? '8px 16px' : '4px 8px',
        borderRadius: button ? 999 : 4,
        fontWeight: button ? 600 : 400,
      }}
    >
      {text}
    </span>
  );
}
