export function photoLikeJpeg(options: {
  width: number;
  height: number;
  quality: number;
  seed: number;
}): Promise<string>;
export function jpegSize(bytes: Buffer): { width: number; height: number } | undefined;
