// Figures as files: the chart's SVG as drawn (Observable Plot inlines its styles), or a PNG at
// twice the screen's resolution, rendered from that SVG in a canvas. Nothing leaves the page.
import { download, el } from './dom.js';

/** The chart of a figure: its last SVG (legends come before it). */
function chartOf(figure: HTMLElement): SVGSVGElement {
  const svgs = figure.querySelectorAll('svg');
  return svgs[svgs.length - 1];
}

/** The chart of a figure, self-contained. */
export function svgOf(figure: HTMLElement): string {
  const svg = chartOf(figure).cloneNode(true) as SVGSVGElement;
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  svg.style.background = 'white';
  return new XMLSerializer().serializeToString(svg);
}

const fileName = (label: string, ext: string) =>
  `${
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'figure'
  }.${ext}`;

async function png(svgText: string, width: number, height: number): Promise<Blob> {
  // A data: URL, not a blob: one, so that a strict CSP (img-src 'self' data:) allows it.
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  await image.decode();
  const canvas = el('canvas', { width: width * 2, height: height * 2 });
  const g = canvas.getContext('2d')!;
  g.fillStyle = 'white';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}

/** Two buttons that save the figure's chart as SVG or PNG. */
export function exportButtons(figure: HTMLElement, label: string): HTMLElement {
  const svgButton = el('button', { type: 'button', className: 'export', textContent: 'SVG', title: `Save “${label}” as SVG` });
  const pngButton = el('button', { type: 'button', className: 'export', textContent: 'PNG', title: `Save “${label}” as PNG` });
  svgButton.addEventListener('click', () => download(fileName(label, 'svg'), 'image/svg+xml', svgOf(figure)));
  pngButton.addEventListener('click', async () => {
    const { width, height } = chartOf(figure).getBoundingClientRect();
    download(fileName(label, 'png'), 'image/png', await png(svgOf(figure), Math.ceil(width), Math.ceil(height)));
  });
  return el('span', { className: 'exports' }, svgButton, pngButton);
}
