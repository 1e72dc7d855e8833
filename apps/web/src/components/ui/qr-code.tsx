// A QR code made by the server (rows of '1' for dark squares: the second factor's set-up, the
// membership code) drawn here as SVG squares: no QR library in the browser, no canvas, no data
// URL, no HTML string.

export function QrCode({ rows, label, className }: { rows: string[]; label: string; className?: string }) {
  const quiet = 4; // the blank margin scanners need around the code
  const total = rows.length + quiet * 2;
  let d = '';
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) if (row[c] === '1') d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
  });
  return (
    <svg viewBox={`0 0 ${total} ${total}`} role="img" aria-label={label} className={className} shapeRendering="crispEdges">
      <rect width={total} height={total} fill="#fff" />
      <path d={d} fill="#0f172a" />
    </svg>
  );
}
