import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRatio, hardToRead, luminance, minTextContrast } from './contrast.ts';
import { textPairs } from './styles.ts';
import { unsetColours } from './test-look.ts';

describe('WCAG 2 contrast', () => {
  it('measures relative luminance and the ratio as WCAG 2 defines them', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 10);
    // The well-known edge: #777 on white fails at 4.48, #767676 passes at 4.54.
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#FFFFFF', '#767676')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#1b4965', '#ffffff')).toBeCloseTo(9.6, 2);
  });

  it('writes a ratio cut, never rounded up past what it fails', () => {
    expect(formatRatio(4.48)).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21.0:1');
    expect(formatRatio(1)).toBe('1.0:1');
  });

  it("finds no hard-to-read pair in the widget's own colours", () => {
    expect(hardToRead(textPairs(unsetColours))).toEqual([]);
  });

  it('names each pair below 4.5:1 with its ratio, worst first', () => {
    const found = hardToRead(
      textPairs({ ...unsetColours, primary_brand_color: '#FFEB3B', secondary_brand_color: '#777777' }),
    );
    expect(found.map((p) => [p.what, p.text, p.background, formatRatio(p.ratio)])).toEqual([
      ['White button text on the primary colour', '#FFFFFF', '#FFEB3B', '1.2:1'],
      ['Links in the primary colour on white', '#FFEB3B', '#FFFFFF', '1.2:1'],
      ['Text on the secondary colour (badges, messages, second buttons)', '#1F2937', '#777777', '3.2:1'],
    ]);
    expect(found.every((p) => p.ratio < minTextContrast)).toBe(true);
  });

  it('checks the text and title colours the partner set', () => {
    const found = hardToRead(textPairs({ ...unsetColours, text_brand_color: '#AAAAAA' }));
    expect(found.map((p) => [p.what, formatRatio(p.ratio)])).toEqual([
      ['Text on the secondary colour (badges, messages, second buttons)', '1.9:1'],
      ['Body text on white', '2.3:1'],
      ['Titles on white', '2.3:1'],
    ]);
  });
});
