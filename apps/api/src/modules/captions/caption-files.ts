import { fieldError } from '../../lib/errors';
import { sniff } from '../../lib/sniff';
import type { RewrittenFile } from '../../lib/upload';

/**
 * Captions files (docs/decisions/042): WebVTT is kept as it came (its byte-order mark dropped and its
 * line ends made `\n`) once its cue timings are well formed; SRT is converted to WebVTT; anything else
 * is refused, saying why and where.
 */

/** Why a file is neither, in the words the form shows beside the file input. */
export const NOT_CAPTIONS =
  'must be a WebVTT file (starting with WEBVTT) or an SRT file (numbered cues timed as 00:00:01,000 --> 00:00:02,500)';

const refuse = (message: string) => fieldError('file', message);

/** mm:ss.ttt or hh:mm:ss.ttt (hours of 2 digits or more), as WebVTT writes a time; answers milliseconds. */
const VTT_TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
/** hh:mm:ss,mmm as SRT writes a time (hours of 1 digit or more). */
const SRT_TIME = /^(\d{1,}):([0-5]\d):([0-5]\d),(\d{3})$/;
const SRT_TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+.*)?$/;

const millisecondsOf = (pattern: RegExp, text: string): number | undefined => {
  const match = pattern.exec(text);
  if (!match) return undefined;
  const [, hours = '0', minutes = '0', seconds = '0', millis = '0'] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
};

/** The file as text: UTF-8 only (a captions file in another encoding would show as garbage). */
function textOf(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw refuse(`${NOT_CAPTIONS}, in UTF-8`);
  }
  // Control characters other than whitespace mean a binary file; markup means a page, not captions.
  if (sniff(data)?.kind !== 'text') throw refuse(NOT_CAPTIONS);
  return text.replace(/\r\n?/g, '\n');
}

/** The blocks of a file, separated by blank lines, each with the number of its first line. */
function blocksOf(text: string): { lines: string[]; line: number }[] {
  const blocks: { lines: string[]; line: number }[] = [];
  let current: { lines: string[]; line: number } | undefined;
  text.split('\n').forEach((content, index) => {
    if (content.trim() === '') {
      current = undefined;
      return;
    }
    if (!current) {
      current = { lines: [], line: index + 1 };
      blocks.push(current);
    }
    current.lines.push(content);
  });
  return blocks;
}

/** A cue's timing line (`start --> end [settings]`) read with `time`; a refusal names its line. */
function timingOf(
  line: string,
  lineNumber: number,
  time: (text: string) => number | undefined,
  example: string,
): { start: number; end: number } {
  const match = SRT_TIMING.exec(line.trim());
  const start = match?.[1] === undefined ? undefined : time(match[1]);
  const end = match?.[2] === undefined ? undefined : time(match[2]);
  if (start === undefined || end === undefined) {
    throw refuse(`line ${lineNumber}: a cue’s times must read like ${example}`);
  }
  if (end <= start) throw refuse(`line ${lineNumber}: a cue must end after it starts`);
  return { start, end };
}

/** A WebVTT file whose cues are well formed, as it is stored. */
function checkWebVtt(text: string): string {
  const [header, ...rest] = blocksOf(text);
  const first = header?.lines[0] ?? '';
  if (header?.line !== 1 || !/^WEBVTT(?:[ \t].*)?$/.test(first)) throw refuse(NOT_CAPTIONS);
  if (header.lines.some((content) => content.includes('-->'))) {
    throw refuse('line 2: leave a blank line between the WEBVTT line and the first cue');
  }
  let cues = 0;
  const vttTime = (value: string) => millisecondsOf(VTT_TIME, value);
  for (const block of rest) {
    const [opening = ''] = block.lines;
    // Comments, styles and regions carry no cue; a region or style after the first cue is the browser's
    // to ignore.
    if (/^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(opening) && !opening.includes('-->')) continue;
    const timingIndex = opening.includes('-->') ? 0 : 1;
    const timing = block.lines[timingIndex];
    if (timing === undefined || !timing.includes('-->')) {
      throw refuse(`line ${block.line}: a cue must have its times (00:00:01.000 --> 00:00:02.500)`);
    }
    timingOf(timing, block.line + timingIndex, vttTime, '00:00:01.000 --> 00:00:02.500');
    const payload = block.lines.slice(timingIndex + 1);
    const inPayload = payload.findIndex((content) => content.includes('-->'));
    if (inPayload >= 0) {
      throw refuse(
        `line ${block.line + timingIndex + 1 + inPayload}: leave a blank line between one cue and the next`,
      );
    }
    cues += 1;
  }
  if (cues === 0) throw refuse('has no cues: add at least one timed line of text');
  return text.endsWith('\n') ? text : `${text}\n`;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An SRT cue's text as WebVTT's: italic, bold and underline stay; other markup (`<font>`, SSA's `{\an8}`)
 * goes; `&`, `<` and `>` are escaped, so no text reads as markup it was not; a `-->` cannot end a cue.
 */
function srtTextToVtt(line: string): string {
  const withoutSsa = line.replace(/\{\\[^}]*\}/g, '');
  let out = '';
  let last = 0;
  for (const tag of withoutSsa.matchAll(/<\s*(\/?)\s*([a-zA-Z]+)[^>]*>/g)) {
    out += escapeText(withoutSsa.slice(last, tag.index));
    const name = (tag[2] ?? '').toLowerCase();
    if (name === 'i' || name === 'b' || name === 'u') out += `<${tag[1]}${name}>`;
    last = tag.index + tag[0].length;
  }
  out += escapeText(withoutSsa.slice(last));
  return out.replace(/-->/g, '--&gt;');
}

const vttTimeOf = (ms: number) => {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms % 1000, 3)}`;
};

/** An SRT file as WebVTT: every cue numbered and timed, its text kept. */
function srtToWebVtt(text: string): string {
  const srtTime = (value: string) => millisecondsOf(SRT_TIME, value);
  const cues: string[] = [];
  for (const block of blocksOf(text)) {
    const [number = '', timing, ...lines] = block.lines;
    if (!/^\d+$/.test(number.trim())) {
      throw refuse(`line ${block.line}: an SRT cue starts with its number`);
    }
    if (timing === undefined) {
      throw refuse(`line ${block.line + 1}: a cue must have its times (00:00:01,000 --> 00:00:02,500)`);
    }
    const { start, end } = timingOf(timing, block.line + 1, srtTime, '00:00:01,000 --> 00:00:02,500');
    cues.push(
      [number.trim(), `${vttTimeOf(start)} --> ${vttTimeOf(end)}`, ...lines.map(srtTextToVtt)].join('\n'),
    );
  }
  if (cues.length === 0) throw refuse('has no cues: add at least one timed line of text');
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** Whether a file's first cue is an SRT one: its number, then its times with a comma before the milliseconds. */
const looksLikeSrt = (text: string) => /^\s*\d+[ \t]*\n[ \t]*\d+:\d{2}:\d{2},\d{3}[ \t]+-->/.test(text);

/**
 * A captions upload as it is stored: WebVTT, checked; SRT, converted. Refuses anything else, or a file
 * whose cues are not well formed, with a 400 naming `file` that says what is wrong and on which line.
 */
export function captionsAsWebVtt(data: Buffer): RewrittenFile {
  if (data.length === 0) throw refuse('is empty');
  const text = textOf(data);
  let vtt: string;
  if (text.startsWith('WEBVTT')) vtt = checkWebVtt(text);
  else if (looksLikeSrt(text)) vtt = srtToWebVtt(text);
  else throw refuse(NOT_CAPTIONS);
  return { data: Buffer.from(vtt, 'utf8'), mime: 'text/vtt', kind: 'text', extension: 'vtt' };
}
