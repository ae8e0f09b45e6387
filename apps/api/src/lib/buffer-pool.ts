/**
 * Buffers of one size, used again and again: a lesson streamed at hundreds of MiB a second would otherwise
 * allocate a fresh buffer for every read. Each fresh buffer is memory the kernel must map and zero, and
 * V8 counts it towards a full garbage collection (one per 64 MiB allocated: several a second, each a
 * pause every answer in flight waits for). A buffer goes back with `give` once nothing reads or writes it
 * any more, and only then; a buffer never given back is simply collected.
 *
 * At most `kept` free buffers stay; every `trimMs` the free ones that were never needed in that time are
 * let go, so an idle server holds none.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];
  /** The fewest free buffers since the last trim: that many were not needed. */
  private fewestFree = 0;
  private trimTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly bufferBytes: number,
    private readonly kept: number,
    private readonly trimMs = 30_000,
  ) {}

  take(): Buffer {
    const buffer = this.free.pop();
    if (this.free.length < this.fewestFree) this.fewestFree = this.free.length;
    return buffer ?? Buffer.allocUnsafeSlow(this.bufferBytes);
  }

  give(buffer: Buffer): void {
    if (buffer.length !== this.bufferBytes) throw new Error('this buffer is not one of the pool’s');
    // Handing one buffer to two readers would send one answer's bytes in another's: never.
    if (this.free.includes(buffer)) throw new Error('a buffer was given back twice');
    if (this.free.length >= this.kept) return;
    this.free.push(buffer);
    this.trimTimer ??= setInterval(() => this.trim(), this.trimMs).unref();
  }

  /** Free buffers held now. */
  get size(): number {
    return this.free.length;
  }

  /** Lets go of the free buffers no one needed since the last trim. */
  trim(): void {
    this.free.splice(0, this.fewestFree);
    this.fewestFree = this.free.length;
    if (this.free.length === 0 && this.trimTimer) {
      clearInterval(this.trimTimer);
      this.trimTimer = undefined;
    }
  }
}
