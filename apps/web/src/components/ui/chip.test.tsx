import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHIP_TONES, Chip, PublishedChip } from './chip';

// WCAG 2.2 contrast of each chip tone's text on its background, from the colours the build uses:
// Tailwind's palette (oklch) and the app's brand aliases (index.css).
const themeCss = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');
const appCss = readFileSync(path.resolve(__dirname, '../../index.css'), 'utf8');

const variable = (name: string): string => {
  const alias = new RegExp(`--color-${name}:\\s*var\\(--color-([a-z]+-\\d+)\\)`).exec(appCss);
  if (alias?.[1]) return variable(alias[1]);
  const value = new RegExp(`--color-${name}:\\s*([^;]+);`).exec(themeCss)?.[1];
  if (!value) throw new Error(`no colour ${name}`);
  return value.trim();
};

/** oklch(L% C H) to linear-light sRGB (CSS Color 4), clipped to the gamut. */
const linearRgb = (colour: string): [number, number, number] => {
  if (colour === '#fff') return [1, 1, 1];
  const match = /oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)/.exec(colour);
  if (!match) throw new Error(`unreadable colour ${colour}`);
  const [l, c, h] = [Number(match[1]) / 100, Number(match[2]), (Number(match[3]) * Math.PI) / 180];
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clip(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
    clip(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
    clip(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_),
  ];
};

/** WCAG's relative luminance takes gamma-encoded sRGB; encode, round to 8 bits as screens show it, decode. */
const luminance = (colour: string): number => {
  const channels = linearRgb(colour).map((v) => {
    const encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
    const byte = Math.round(encoded * 255) / 255;
    return byte <= 0.04045 ? byte / 12.92 : ((byte + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (channels[0] ?? 0) + 0.7152 * (channels[1] ?? 0) + 0.0722 * (channels[2] ?? 0);
};

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

const pair = (classes: string) => ({
  background: variable(/bg-([a-z]+-\d+)/.exec(classes)?.[1] ?? ''),
  text: variable(/text-([a-z]+-\d+)/.exec(classes)?.[1] ?? ''),
});

describe('chips', () => {
  it('measures as WCAG does: the old Draft pair (slate-500 on slate-100) was below AA', () => {
    expect(contrast(variable('slate-500'), variable('slate-100'))).toBeCloseTo(4.34, 1);
    expect(contrast('#fff', variable('slate-950'))).toBeGreaterThan(18);
  });

  it.each(Object.entries(CHIP_TONES))('tone %s reads at 4.5:1 or more', (_tone, classes) => {
    const { background, text } = pair(classes);
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('Published and Draft use those tones', () => {
    render(
      <>
        <PublishedChip published />
        <PublishedChip published={false} />
        <Chip tone="brand">Preview</Chip>
      </>,
    );
    expect(screen.getByText('Published').className).toContain(CHIP_TONES.green);
    expect(screen.getByText('Draft').className).toContain(CHIP_TONES.muted);
    expect(screen.getByText('Preview').className).toContain(CHIP_TONES.brand);
  });
});
