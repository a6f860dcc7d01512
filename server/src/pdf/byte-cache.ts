/**
 * The PDFs made lately, by key, bounded in bytes: the one least recently served goes first
 * (a Map keeps its keys in insertion order, and a served entry is put back at the end).
 * One entry larger than a quarter of the bound is not kept: it would push out many others.
 */
export class ByteCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** The bytes kept now, in all. */
  get size(): number {
    return this.bytes;
  }

  get(key: string): Buffer | undefined {
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, value: Buffer): void {
    if (value.byteLength > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.byteLength;
    }
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [oldest, bytes] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= bytes.byteLength;
    }
  }
}
