import encodeQR from 'qr';

/**
 * One SVG path for all dark modules: a few hundred bytes instead of a thousand elements. Only encodeQR's
 * 'raw' output is in the build (qrRawOnly in vite.config.ts).
 */
function modulesPath(text: string): { d: string; size: number } {
  const grid = encodeQR(text, 'raw', { ecc: 'low', border: 2 });
  let d = '';
  grid.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) d += `M${x} ${y}h1v1h-1z`;
  }));
  return { d, size: grid.length };
}

/** A QR code, drawn as SVG from the encoder's module grid. */
export function QrCode(props: { text: string; label: string }) {
  const qr = () => modulesPath(props.text);
  return (
    <div class="qr" data-qr-text={props.text}>
      <svg role="img" aria-label={props.label} viewBox={`0 0 ${qr().size} ${qr().size}`} shape-rendering="crispEdges">
        <rect width="100%" height="100%" fill="#fff" />
        <path d={qr().d} fill="#000" />
      </svg>
    </div>
  );
}

/** A code as text, selectable and copyable, for phones without a camera. */
export function CodeText(props: { id: string; text: string; label: string }) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <div class="row">
        <input id={props.id} class="grow" style={{ width: 'auto' }} readOnly value={props.text} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={() => void navigator.clipboard?.writeText(props.text)}>Copy</button>
      </div>
    </>
  );
}
