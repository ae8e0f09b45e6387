// A large lesson file for the upload benchmarks, made up while it is sent, never held in memory.
import { randomBytes } from 'node:crypto';

const MiB = 1024 * 1024;

/**
 * A video file: an MP4 signature, then one random 1 MiB block over and over, so that any range of it can
 * be made again. Answers `slice(start, end)`: the buffers that make up the bytes [start, end).
 */
export function generatedMp4() {
  const block = randomBytes(MiB);
  Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]).copy(
    block,
  );
  return (start, end) => {
    const pieces = [];
    for (let at = start; at < end; ) {
      const inBlock = at % MiB;
      const take = Math.min(MiB - inBlock, end - at);
      pieces.push(block.subarray(inBlock, inBlock + take));
      at += take;
    }
    return pieces;
  };
}
