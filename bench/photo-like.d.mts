export function photoLikeJpeg(options: {
  width: number;
  height: number;
  quality: number;
  seed: number;
}): Promise<string>;
