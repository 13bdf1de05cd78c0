import type { PublicWidget } from '@portal/contract';

/** The four colours a partner may leave unset; the widget then falls back to its own. */
export const unsetColours = {
  primary_brand_color: '',
  secondary_brand_color: '',
  title_brand_color: '',
  text_brand_color: '',
};

/** A partner's look for the widget's tests: nothing chosen but what a test names. */
export const look = (over: Partial<PublicWidget> = {}): PublicWidget => ({
  partner_name: 'Harbour Lights Live',
  ...unsetColours,
  title_brand_font: '',
  text_brand_font: '',
  font_stylesheets: [],
  font_faces: [],
  payments: { provider: 'test' },
  ...over,
});
