/**
 * HLS playlists of a lesson's streaming copies (docs/decisions/041). A rendition's media playlist is kept
 * as ffmpeg wrote it, its file's name replaced by a placeholder: each viewer's answer puts there the URL
 * that viewer may read the file by (the server's own signed URL, or the bucket's presigned one).
 */

/** Stands for a rendition's file in a stored playlist. */
const FILE = '{file}';

export type StoredPlaylist = { text: string; peakBitsPerSecond: number; averageBitsPerSecond: number };

/**
 * A media playlist made storable: `fileName` (the single file its segments are byte ranges of) becomes
 * the placeholder; the peak and average bit rates are read from the segments' sizes and durations.
 */
export function toStoredPlaylist(text: string, fileName: string): StoredPlaylist {
  const segments: { size: number; duration: number }[] = [];
  let duration = 0;
  const lines = text.split(/\r?\n/).map((line) => {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    const range = /^#EXT-X-BYTERANGE:(\d+)/.exec(line);
    if (range && duration > 0) segments.push({ size: Number(range[1]), duration });
    if (line === fileName) return FILE;
    return line.replace(`URI="${fileName}"`, `URI="${FILE}"`);
  });
  const bytes = segments.reduce((sum, s) => sum + s.size, 0);
  const seconds = segments.reduce((sum, s) => sum + s.duration, 0);
  // The peak of whole segments: a last one of a few frames (its keyframe alone) would read as a rate many
  // times the rendition's, and a player comparing its line with it would start and stay lower than it can.
  const longest = Math.max(0, ...segments.map((s) => s.duration));
  const whole = segments.filter((s) => s.duration >= longest / 2);
  const peak = Math.max(0, ...whole.map((s) => (s.size * 8) / s.duration));
  return {
    text: lines.join('\n'),
    peakBitsPerSecond: Math.ceil(peak),
    averageBitsPerSecond: seconds > 0 ? Math.ceil((bytes * 8) / seconds) : 0,
  };
}

/** A stored media playlist with its file's URL in place. */
export const mediaPlaylist = (stored: string, fileUrl: string) => stored.split(FILE).join(fileUrl);

export type Variant = {
  width: number;
  height: number;
  bandwidth: number;
  averageBandwidth: number | null;
  codecs: string | null;
  frameRate: number | null;
  /** The media playlist's URL, relative to the master's. */
  uri: string;
};

/** The master playlist naming every rendition, lowest first: a player starts there and climbs. */
export function masterPlaylist(variants: Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of [...variants].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const attributes = [
      `BANDWIDTH=${v.bandwidth}`,
      ...(v.averageBandwidth ? [`AVERAGE-BANDWIDTH=${v.averageBandwidth}`] : []),
      `RESOLUTION=${v.width}x${v.height}`,
      ...(v.codecs ? [`CODECS="${v.codecs}"`] : []),
      ...(v.frameRate ? [`FRAME-RATE=${v.frameRate.toFixed(3)}`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, v.uri);
  }
  return `${lines.join('\n')}\n`;
}
