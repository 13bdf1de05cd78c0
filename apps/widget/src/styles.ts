import type { PublicWidget } from '@portal/contract';
import type { ColourPair } from './contrast.ts';

type Theme = Pick<
  PublicWidget,
  | 'primary_brand_color'
  | 'secondary_brand_color'
  | 'title_brand_color'
  | 'text_brand_color'
  | 'title_brand_font'
  | 'text_brand_font'
>;

/** The family name the widget's fonts are declared under, apart from any font of the host page. */
export const ownFamily = (family: string) => `ppw ${family}`;

const stack = (family: string) => (family ? `"${ownFamily(family)}", ` : '') + 'system-ui, sans-serif';

/** The colours the widget draws with: the partner's, and ours where they left one unset. */
export function palette(t: Omit<Theme, 'title_brand_font' | 'text_brand_font'>) {
  return {
    primary: t.primary_brand_color || '#1B4965',
    secondary: t.secondary_brand_color || '#E8EEF2',
    title: t.title_brand_color || t.text_brand_color || '#111827',
    text: t.text_brand_color || '#1F2937',
  };
}

/** The partner's colours and fonts as custom properties of the widget's root. */
export function themeCss(t: Theme) {
  const c = palette(t);
  return `:host{--primary:${c.primary};--secondary:${c.secondary};--title:${c.title};--text:${c.text};--title-font:${stack(
    t.title_brand_font,
  )};--text-font:${stack(t.text_brand_font)}}`;
}

const paper = '#FFFFFF';

/** Where text in a partner's colours meets a background in baseCss below; keep the two in step. */
export function textPairs(t: Parameters<typeof palette>[0]): ColourPair[] {
  const c = palette(t);
  return [
    { what: 'Body text on white', text: c.text, background: paper },
    { what: 'Titles on white', text: c.title, background: paper },
    { what: 'White button text on the primary colour', text: paper, background: c.primary },
    { what: 'Links in the primary colour on white', text: c.primary, background: paper },
    { what: 'Text on the secondary colour (badges, messages, second buttons)', text: c.text, background: c.secondary },
  ];
}

// `all: initial` on the host cuts every inherited style of the page; nothing here reaches the page.
export const baseCss = `
:host{all:initial;display:block;color:var(--text);font-family:var(--text-font);font-weight:400;font-size:16px;line-height:1.5;container-type:inline-size}
*{box-sizing:border-box}
.w{border:1px solid #d9dee3;border-radius:12px;background:#fff;padding:16px}
h2,h3,.title{font-family:var(--title-font);font-weight:800;color:var(--title);margin:0 0 8px;line-height:1.2}
h2{font-size:22px}h3{font-size:18px}
p{margin:0 0 8px}
.tabs{display:flex;gap:4px;border-bottom:2px solid var(--secondary);margin-bottom:16px;flex-wrap:wrap}
.tab{font:inherit;background:none;border:0;padding:8px 12px;cursor:pointer;color:var(--text);border-bottom:3px solid transparent;margin-bottom:-2px}
.tab[aria-selected=true]{border-color:var(--primary);font-weight:700}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}
.card{border:1px solid #e3e7eb;border-radius:10px;padding:12px;display:flex;flex-direction:column;gap:6px;background:#fff}
.card img{width:100%;aspect-ratio:16/9;object-fit:cover;border-radius:6px;background:var(--secondary)}
.muted{color:#5f6b76;font-size:14px}
.btn{font:inherit;font-weight:600;border:0;border-radius:8px;padding:9px 16px;cursor:pointer;background:var(--primary);color:#fff}
.btn.alt{background:var(--secondary);color:var(--text)}
.btn:disabled{opacity:.6;cursor:default}
.link{font:inherit;background:none;border:0;color:var(--primary);cursor:pointer;padding:0;text-decoration:underline}
.line{display:flex;justify-content:space-between;align-items:center;gap:12px;border:1px solid #e3e7eb;border-radius:10px;padding:10px 12px;margin-bottom:10px}
.line .field{margin:0;align-items:flex-end}
.row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.between{justify-content:space-between}
.field{display:flex;flex-direction:column;gap:4px;margin-bottom:10px}
label{font-size:14px;font-weight:600}
input,select{font:inherit;padding:8px 10px;border:1px solid #c4ccd4;border-radius:8px;color:inherit;background:#fff;width:100%}
input[type=number]{width:90px}
:focus-visible{outline:2px solid var(--primary);outline-offset:2px}
.error{color:#b42318;font-weight:600}
.ok{background:var(--secondary);border-radius:8px;padding:10px}
.badge{display:inline-block;font-size:12px;font-weight:700;padding:2px 8px;border-radius:99px;background:var(--secondary);color:var(--text)}
.code{font-family:ui-monospace,monospace;font-weight:700;letter-spacing:1px;overflow-wrap:anywhere}
.card.off{background:#f4f5f7;border-style:dashed}
.off .code{text-decoration:line-through}
.qr{display:block;align-self:center;max-width:100%;height:auto}
.badge.off{background:#fde8e7;color:#8a1c13}
@container (max-width:420px){.w{padding:10px}.grid{grid-template-columns:1fr}}
`;
