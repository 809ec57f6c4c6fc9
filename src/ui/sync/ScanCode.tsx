import { Show, createSignal, onCleanup, onMount } from 'solid-js';

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
declare global {
  // BarcodeDetector is not in TypeScript's DOM library yet.
  var BarcodeDetector: (new (opts: { formats: string[] }) => Detector) | undefined;
}

/** Decodes one frame: the platform's BarcodeDetector where there is one, otherwise the qr library. */
async function makeDecoder(): Promise<(canvas: HTMLCanvasElement) => Promise<string | undefined>> {
  if (globalThis.BarcodeDetector) {
    const detector = new globalThis.BarcodeDetector({ formats: ['qr_code'] });
    return async (canvas) => (await detector.detect(canvas))[0]?.rawValue;
  }
  const { default: decodeQR } = await import('qr/decode.js');
  return async (canvas) => {
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return undefined;
    try {
      return decodeQR(ctx.getImageData(0, 0, canvas.width, canvas.height));
    } catch {
      return undefined; // No code in this frame.
    }
  };
}

/**
 * Reads a QR code with the camera (until `onResult` accepts one: returning false keeps scanning), with a paste field for phones without one. Camera permission is
 * asked for here, before any WebRTC connection exists (it changes which network addresses Chromium
 * offers, see the sync notes).
 */
export function ScanCode(props: { label: string; onResult: (text: string) => void | boolean | Promise<void | boolean> }) {
  const [error, setError] = createSignal<string>();
  const [pasted, setPasted] = createSignal('');
  let video!: HTMLVideoElement;
  let stream: MediaStream | undefined;
  let stopped = false;

  onMount(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setError('This browser gives no camera access here (it needs https). Paste the code instead.');
      return;
    }
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (e) {
      setError(`The camera could not be opened (${(e as Error).name}). Allow camera access in the browser settings, or paste the code.`);
      return;
    }
    if (stopped) return stream.getTracks().forEach((t) => t.stop());
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    const decode = await makeDecoder();
    const canvas = document.createElement('canvas');
    // A code the caller turned down (an old one still on another screen) is not read again.
    let refused: string | undefined;
    const tick = async () => {
      if (stopped) return;
      if (video.videoWidth) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0);
        const text = await decode(canvas);
        if (text && text !== refused && !stopped) {
          if ((await props.onResult(text)) !== false) return;
          refused = text;
        }
      }
      setTimeout(() => void tick(), 120);
    };
    void tick();
  });
  onCleanup(() => {
    stopped = true;
    stream?.getTracks().forEach((t) => t.stop());
  });

  return (
    <div class="stack">
      <video ref={(el) => (video = el)} class="scanner" muted playsinline aria-label={props.label} />
      <Show when={error()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (pasted().trim()) props.onResult(pasted().trim());
        }}
      >
        <label for="pasted-code">Or paste the code or link</label>
        <div class="row">
          <input id="pasted-code" class="grow" style={{ width: 'auto' }} value={pasted()} onInput={(e) => setPasted(e.currentTarget.value)} />
          <button type="submit">Use</button>
        </div>
      </form>
    </div>
  );
}
