import type { DemoCategory } from './demo-catalogue';

/** Pictures for the demo catalogue, drawn as SVG here (nothing is downloaded) and rasterised by sharp. */

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

const ICONS: Record<DemoCategory['icon'], string> = {
  robot: `<rect x="-110" y="-90" width="220" height="170" rx="30" fill="#fff" opacity=".95"/>
    <circle cx="-50" cy="-10" r="26" fill="#0f172a"/><circle cx="50" cy="-10" r="26" fill="#0f172a"/>
    <rect x="-50" y="40" width="100" height="14" rx="7" fill="#0f172a"/>
    <line x1="0" y1="-90" x2="0" y2="-140" stroke="#fff" stroke-width="10"/><circle cx="0" cy="-150" r="16" fill="#facc15"/>
    <rect x="-150" y="-40" width="30" height="80" rx="10" fill="#fff" opacity=".8"/><rect x="120" y="-40" width="30" height="80" rx="10" fill="#fff" opacity=".8"/>`,
  arm: `<rect x="-130" y="90" width="260" height="40" rx="10" fill="#fff"/>
    <rect x="-25" y="-10" width="50" height="110" rx="12" fill="#fff" opacity=".9"/>
    <rect x="-20" y="-30" width="170" height="40" rx="14" fill="#fff" transform="rotate(-35)"/>
    <circle cx="0" cy="-10" r="24" fill="#0f172a"/><path d="M95 -120 l40 -20 M95 -120 l40 10" stroke="#fff" stroke-width="12" stroke-linecap="round"/>`,
  blocks: `<rect x="-130" y="10" width="120" height="90" rx="10" fill="#fff"/><rect x="10" y="10" width="120" height="90" rx="10" fill="#fde68a"/>
    <rect x="-60" y="-90" width="120" height="90" rx="10" fill="#fff" opacity=".9"/>
    <g fill="#0f172a" opacity=".25"><circle cx="-100" cy="0" r="12"/><circle cx="-40" cy="0" r="12"/><circle cx="40" cy="0" r="12"/><circle cx="100" cy="0" r="12"/><circle cx="-30" cy="-100" r="12"/><circle cx="30" cy="-100" r="12"/></g>`,
  drone: `<rect x="-50" y="-30" width="100" height="60" rx="20" fill="#fff"/>
    <g stroke="#fff" stroke-width="14" stroke-linecap="round"><line x1="-40" y1="-20" x2="-120" y2="-90"/><line x1="40" y1="-20" x2="120" y2="-90"/><line x1="-40" y1="20" x2="-120" y2="90"/><line x1="40" y1="20" x2="120" y2="90"/></g>
    <g fill="#fff" opacity=".7"><ellipse cx="-120" cy="-90" rx="60" ry="12"/><ellipse cx="120" cy="-90" rx="60" ry="12"/><ellipse cx="-120" cy="90" rx="60" ry="12"/><ellipse cx="120" cy="90" rx="60" ry="12"/></g>
    <circle cx="0" cy="0" r="12" fill="#0f172a"/>`,
  workshop: `<rect x="-140" y="-100" width="280" height="170" rx="14" fill="#fff"/>
    <path d="M-100 40 l50 -60 l40 40 l40 -70 l70 90" stroke="#0f172a" stroke-width="12" fill="none" stroke-linejoin="round"/>
    <rect x="-20" y="70" width="40" height="60" fill="#fff"/><rect x="-80" y="125" width="160" height="16" rx="8" fill="#fff"/>`,
  chip: `<rect x="-90" y="-90" width="180" height="180" rx="16" fill="#fff"/><rect x="-50" y="-50" width="100" height="100" rx="8" fill="#0f172a"/>
    <g stroke="#fff" stroke-width="12">${[-60, -20, 20, 60]
      .map(
        (v) =>
          `<line x1="${v}" y1="-90" x2="${v}" y2="-130"/><line x1="${v}" y1="90" x2="${v}" y2="130"/><line x1="-90" y1="${v}" x2="-130" y2="${v}"/><line x1="90" y1="${v}" x2="130" y2="${v}"/>`,
      )
      .join('')}</g>`,
};

/** Splits a title into at most three lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export function productSvg(title: string, category: DemoCategory, view: number): string {
  const [a, b] = category.colors;
  const angle = (view * 70) % 360;
  const scale = [1, 0.8, 1.15, 0.9][view % 4];
  const lines = wrap(title, 22);
  const text = lines
    .map(
      (l, i) =>
        `<text x="400" y="${640 + i * 50 - (lines.length - 1) * 25}" font-size="42" font-weight="700" text-anchor="middle" fill="#fff" font-family="DejaVu Sans, Liberation Sans, sans-serif">${esc(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <circle cx="${120 + view * 140}" cy="140" r="180" fill="#fff" opacity=".08"/>
  <g transform="translate(400 320) scale(${scale})">${ICONS[category.icon]}</g>
  ${text}
  <text x="760" y="770" font-size="24" text-anchor="end" fill="#fff" opacity=".8" font-family="DejaVu Sans, sans-serif">view ${view + 1}</text>
</svg>`;
}

export function advertSvg(headline: string, sub: string, colors: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
  <defs><linearGradient id="g"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
  <rect width="1600" height="600" fill="url(#g)"/>
  <circle cx="1350" cy="300" r="260" fill="#fff" opacity=".12"/><circle cx="1350" cy="300" r="160" fill="#fff" opacity=".15"/>
  <text x="120" y="280" font-size="96" font-weight="700" fill="#fff" font-family="DejaVu Sans, Liberation Sans, sans-serif">${esc(headline)}</text>
  <text x="120" y="380" font-size="52" fill="#fff" opacity=".9" font-family="DejaVu Sans, Liberation Sans, sans-serif">${esc(sub)}</text>
</svg>`;
}
