import { useEffect, useState } from 'react';

// The QR code library is loaded only when a QR code is shown (the setup of two-factor
// authentication), never with the rest of the site. The code is drawn as SVG squares: no
// canvas, no data URL, no HTML string.

interface Matrix {
  size: number;
  dark: (row: number, col: number) => boolean;
}

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ default: QR }) => {
        const { modules } = QR.create(text, { errorCorrectionLevel: 'M' });
        if (live) setMatrix({ size: modules.size, dark: (r, c) => !!modules.get(r, c) });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text]);

  if (failed) return <p className="text-sm text-red-700">The QR code could not be shown. Enter the key below in your app instead.</p>;
  if (!matrix) return <div className={className} role="img" aria-label="Loading the QR code" aria-busy="true" />;
  const quiet = 4; // the blank margin scanners need around the code
  const total = matrix.size + quiet * 2;
  let d = '';
  for (let r = 0; r < matrix.size; r++) {
    for (let c = 0; c < matrix.size; c++) if (matrix.dark(r, c)) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
  }
  return (
    <svg viewBox={`0 0 ${total} ${total}`} role="img" aria-label={label} className={className} shapeRendering="crispEdges">
      <rect width={total} height={total} fill="#fff" />
      <path d={d} fill="#0f172a" />
    </svg>
  );
}
