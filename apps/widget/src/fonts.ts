import type { PublicWidget } from '@portal/contract';
import { ownFamily } from './styles.ts';

/**
 * Declares the widget's fonts on the document: browsers ignore @font-face inside a shadow root. Every
 * family is renamed to the widget's own name, so the page's text never changes font because of us.
 */
export async function loadFonts(w: Pick<PublicWidget, 'font_faces' | 'font_stylesheets'>, key: string) {
  const rules = w.font_faces.map(
    (f) => `@font-face{font-family:"${ownFamily(f.family)}";src:url("${f.url}");font-weight:100 900;font-display:swap}`,
  );
  const sheets = await Promise.all(
    w.font_stylesheets.map((url) =>
      fetch(url)
        .then((r) => (r.ok ? r.text() : ''))
        // Offline or blocked: the widget falls back to the system font.
        .catch(() => ''),
    ),
  );
  for (const css of sheets)
    rules.push(css.replace(/font-family:\s*'([^']+)'/g, (_m, f) => `font-family:'${ownFamily(f)}'`));
  const id = `ppw-fonts-${key}`;
  const style = document.getElementById(id) ?? document.head.appendChild(document.createElement('style'));
  style.id = id;
  style.textContent = rules.join('\n');
}
