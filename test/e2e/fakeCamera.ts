/**
 * Chromium's fake camera (`--use-file-for-fake-video-capture`) plays a Y4M file in a loop. We render
 * the QR code another phone displays into such a file, so a phone "scans" it through the real camera
 * and decoder path. The file is rewritten in place with the same size, so one browser can scan
 * several codes in a row (the capture device reads frame by frame from the same file).
 */
import { closeSync, existsSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import encodeQR from 'qr';

const W = 640;
const H = 480;
const FRAMES = 4;
const HEADER = `YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`;

function frameLuma(text: string | null): Uint8Array {
  const y = new Uint8Array(W * H).fill(235);
  if (!text) return y;
  const grid = encodeQR(text, 'raw', { ecc: 'low', border: 4 });
  const scale = Math.floor((Math.min(W, H) * 0.95) / grid.length);
  const [ox, oy] = [Math.floor((W - grid.length * scale) / 2), Math.floor((H - grid.length * scale) / 2)];
  grid.forEach((row, gy) =>
    row.forEach((dark, gx) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) y.fill(16, (oy + gy * scale + dy) * W + ox + gx * scale, (oy + gy * scale + dy) * W + ox + (gx + 1) * scale);
    }),
  );
  return y;
}

/** Writes (or rewrites) a camera file showing `text` as a QR code, or a blank picture for null. */
export function showOnCamera(path: string, text: string | null): void {
  const luma = frameLuma(text);
  const chroma = new Uint8Array((W / 2) * (H / 2) * 2).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const bytes = Buffer.concat([Buffer.from(HEADER), ...Array<Buffer>(FRAMES).fill(frame)]);
  // Overwrite in place, never truncate: Chromium may be reading the file at that very moment.
  if (existsSync(path) && statSync(path).size === bytes.length) {
    const fd = openSync(path, 'r+');
    try {
      writeSync(fd, bytes, 0, bytes.length, 0);
    } finally {
      closeSync(fd);
    }
  } else writeFileSync(path, bytes);
}

export function cameraArgs(path: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${path}`];
}
