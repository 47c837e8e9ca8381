import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

// WCAG 2.1 AA (issue 27): 4.5:1 for text, the 10 px tags included. The colours the app writes text in, as Mantine
// resolves them with this theme and its CSS variables, against the backgrounds they are shown on.

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light;

/** A CSS variable of the light scheme as a hex colour: ours first, else Mantine's default of a light variant. */
function resolve(value: string): string {
  const shade = value.match(/^var\(--mantine-color-(\w+)-(\d)\)$/);
  if (shade) return merged.colors[shade[1] as string]?.[Number(shade[2])] as string;
  return value;
}
const variable = (color: string, suffix: 'text' | 'light-color' | 'filled', fallbackShade: number) =>
  resolve(light[`--mantine-color-${color}-${suffix}`] ?? `var(--mantine-color-${color}-${fallbackShade})`);

function luminance(hex: string): number {
  const [r, g, b] = (hex.slice(1).match(/../g) as string[]).map((part) => {
    const value = Number.parseInt(part, 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(foreground: string, background: string): number {
  const [high, low] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const WHITE = '#ffffff';
const GREY_ROW = merged.colors.gray[1] as string;
// The tags' colours (StatusTag's semantic ones) and the teal of the dashboard's revenue tag.
const TAG_COLORS = ['primary', 'red', 'green', 'orange', 'gray', 'teal'];

describe('theme contrast (WCAG 2.1 AA, 4.5:1)', () => {
  it.each(TAG_COLORS)('light %s tags: their text on their tint', (color) => {
    const tint = merged.colors[color]?.[1] as string;
    // Mantine's light variant: text <colour>-light-color (shade 9 unless set) on shade 1.
    expect(contrast(variable(color, 'light-color', 9), tint)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['red', 'green', 'orange'])('<Text c="%s"> on white and on a grey row', (color) => {
    const text = variable(color, 'text', 6);
    expect(contrast(text, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, GREY_ROW)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['primary', 'red', 'green', 'orange'])('white text on a filled %s button', (color) => {
    expect(contrast(WHITE, variable(color, 'filled', 6))).toBeGreaterThanOrEqual(4.5);
  });

  it('links on white, on a grey row and inside every tinted alert', () => {
    const link = resolve(light['--mantine-color-anchor'] ?? 'var(--mantine-color-primary-6)');
    for (const background of [WHITE, GREY_ROW, ...TAG_COLORS.map((color) => merged.colors[color]?.[1] as string)]) {
      expect(contrast(link, background), background).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dimmed text and field errors on white', () => {
    expect(contrast(resolve(light['--mantine-color-dimmed'] as string), WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve(light['--mantine-color-error'] as string), WHITE)).toBeGreaterThanOrEqual(4.5);
  });
});
