import { expect, test } from 'vitest';
import { masterPlaylist, mediaPlaylist, toStoredPlaylist } from './playlists';

/** A media playlist as ffmpeg writes a single-file rendition: 2-second segments and a last one of one frame. */
const written = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:2',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-MAP:URI="r360.mp4",BYTERANGE="1373@0"',
  '#EXTINF:2.000000,',
  '#EXT-X-BYTERANGE:150000@1373',
  'r360.mp4',
  '#EXTINF:2.000000,',
  '#EXT-X-BYTERANGE:200000@151373',
  'r360.mp4',
  '#EXTINF:0.033333,',
  '#EXT-X-BYTERANGE:13000@351373',
  'r360.mp4',
  '#EXT-X-ENDLIST',
].join('\n');

test('a stored playlist names its file by a placeholder; the peak is of whole segments, not a last frame', () => {
  const stored = toStoredPlaylist(written, 'r360.mp4');
  expect(stored.text).not.toContain('r360.mp4');
  // 200,000 bytes in 2 s; the 13,000-byte frame of 1/30 s (3.1 Mbit/s) is not the rendition's rate.
  expect(stored.peakBitsPerSecond).toBe(800_000);
  expect(stored.averageBitsPerSecond).toBe(Math.ceil((363_000 * 8) / 4.033333));
  const served = mediaPlaylist(stored.text, '360.mp4?viewer=1&expires=2&signature=s');
  expect(served).toContain('#EXT-X-MAP:URI="360.mp4?viewer=1&expires=2&signature=s",BYTERANGE="1373@0"');
  expect(served.split('\n').filter((line) => line === '360.mp4?viewer=1&expires=2&signature=s')).toHaveLength(
    3,
  );
});

test('the master playlist lists renditions lowest first with what a player chooses by', () => {
  const text = masterPlaylist([
    {
      width: 1280,
      height: 720,
      bandwidth: 2_900_000,
      averageBandwidth: 2_500_000,
      codecs: 'avc1.4d402a,mp4a.40.2',
      frameRate: 25,
      uri: 'stream/720.m3u8?q',
    },
    {
      width: 640,
      height: 360,
      bandwidth: 800_000,
      averageBandwidth: null,
      codecs: null,
      frameRate: null,
      uri: 'stream/360.m3u8?q',
    },
  ]);
  expect(text.split('\n')).toEqual([
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360',
    'stream/360.m3u8?q',
    '#EXT-X-STREAM-INF:BANDWIDTH=2900000,AVERAGE-BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.4d402a,mp4a.40.2",FRAME-RATE=25.000',
    'stream/720.m3u8?q',
    '',
  ]);
});
