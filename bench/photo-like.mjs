// A photo-like JPEG made in the browser, for the photo shrinking's browser test
// (e2e/tests/phone-upload.spec.ts) and benchmark (bench/photo-shrink.mjs): a page of ruled
// paper with handwriting-like strokes under uneven light, with a camera's sensor noise, the
// size of a 12-megapixel phone photo (4000 x 3000). Noise is what makes a photo large: this
// one is over 5 MB at quality 0.92, as a phone's own JPEG often is.
//
// Pass it to page.evaluate: it must not use anything outside itself. Answers the JPEG's
// bytes as base64.

/**
 * @param {{ width: number, height: number, quality: number, seed: number }} options
 * @returns {Promise<string>}
 */
export async function photoLikeJpeg({ width, height, quality, seed }) {
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const light = ctx.createRadialGradient(
    width * 0.3,
    height * 0.25,
    width * 0.05,
    width * 0.5,
    height * 0.5,
    width * 0.8,
  );
  light.addColorStop(0, '#fbf8ef');
  light.addColorStop(1, '#b9b2a0');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, width, height);
  const line = height / 40;
  ctx.strokeStyle = 'rgba(90, 130, 200, 0.55)';
  ctx.lineWidth = Math.max(2, height / 1500);
  for (let y = line * 3; y < height; y += line) {
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(width, y + height * 0.004);
    ctx.stroke();
  }
  ctx.strokeStyle = 'rgba(25, 30, 60, 0.9)';
  ctx.lineWidth = Math.max(3, height / 800);
  for (let y = line * 3.8; y < height * 0.95; y += line) {
    let x = width * 0.08;
    ctx.beginPath();
    ctx.moveTo(x, y);
    while (x < width * 0.92) {
      const step = line * (0.15 + random() * 0.35);
      ctx.quadraticCurveTo(x + step / 2, y - line * 0.6 * random(), x + step, y - line * 0.1);
      x += step + (random() < 0.15 ? line * 0.6 : 0);
      if (random() < 0.15) ctx.moveTo(x, y);
    }
    ctx.stroke();
  }
  const image = ctx.getImageData(0, 0, width, height);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const grain = (random() - 0.5) * 44;
    data[i] += grain + (random() - 0.5) * 10;
    data[i + 1] += grain + (random() - 0.5) * 10;
    data[i + 2] += grain + (random() - 0.5) * 10;
  }
  ctx.putImageData(image, 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The width and height in a JPEG's frame header (SOF0 or SOF2), read in Node.
 * @param {Buffer} bytes
 * @returns {{ width: number, height: number } | undefined}
 */
export function jpegSize(bytes) {
  for (let i = 2; i < bytes.length - 9; i++) {
    if (bytes[i] === 0xff && (bytes[i + 1] === 0xc0 || bytes[i + 1] === 0xc2))
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
  }
  return undefined;
}
