import qrcode from 'qrcode-generator';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A ticket's QR code as SVG, black on white with the quiet zone scanners need, drawn from its signed
 * pass here so that the code shows even when the page is kept open without a network.
 */
export function qrSvg(text: string, label: string, size = 176): SVGSVGElement {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const quiet = 4;
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) if (qr.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  }
  const side = count + 2 * quiet;
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    viewBox: `0 0 ${side} ${side}`,
    width: String(size),
    height: String(size),
    role: 'img',
    'aria-label': label,
    'shape-rendering': 'crispEdges',
    class: 'qr',
  }))
    svg.setAttribute(name, value);
  const background = document.createElementNS(SVG, 'rect');
  background.setAttribute('width', String(side));
  background.setAttribute('height', String(side));
  background.setAttribute('fill', '#fff');
  const modules = document.createElementNS(SVG, 'path');
  modules.setAttribute('d', path);
  modules.setAttribute('fill', '#000');
  svg.append(background, modules);
  return svg;
}
