import { describe, expect, test } from 'vitest';
import { type PositionReport, PositionSaver, resumePosition } from './use-lesson-position';

const recorder = () => {
  let time = 0;
  const saves: Array<{ report: PositionReport; keepalive: boolean }> = [];
  const saver = new PositionSaver(
    (report, keepalive) => saves.push({ report, keepalive }),
    10_000,
    () => time,
  );
  return {
    saver,
    saves,
    advance: (ms: number) => {
      time += ms;
    },
  };
};

describe('PositionSaver', () => {
  test('saves at most every 10 s while playing, not on every timeupdate', () => {
    const { saver, saves, advance } = recorder();
    for (let second = 0; second < 35; second += 0.25) {
      saver.progress(second, 600);
      advance(250);
    }
    // 35 s of playback with four timeupdates a second: three saves, at 10, 20 and 30 s.
    expect(saves.map((s) => Math.round(s.report.positionSeconds))).toEqual([10, 20, 30]);
    expect(saves[0]?.report.durationSeconds).toBe(600);
  });

  test('saves at once when 90% is first reached, then keeps to the interval', () => {
    const { saver, saves, advance } = recorder();
    saver.progress(0, 10);
    advance(1000);
    saver.progress(8.9, 10);
    expect(saves).toHaveLength(0);
    advance(250);
    saver.progress(9.0, 10);
    expect(saves.map((s) => s.report)).toEqual([{ positionSeconds: 9, durationSeconds: 10 }]);
    advance(250);
    saver.progress(9.25, 10);
    expect(saves).toHaveLength(1);
  });

  test('a flush (pause, end, leaving) saves unless the position barely moved; leaving uses keepalive', () => {
    const { saver, saves } = recorder();
    saver.flush(42, 600);
    saver.flush(42.2, 600);
    saver.flush(50, 600, true);
    expect(saves).toEqual([
      { report: { positionSeconds: 42, durationSeconds: 600 }, keepalive: false },
      { report: { positionSeconds: 50, durationSeconds: 600 }, keepalive: true },
    ]);
  });

  test('an unknown duration (a stream) sends the position alone; nonsense is never sent', () => {
    const { saver, saves } = recorder();
    saver.flush(Number.NaN, 10);
    saver.flush(12, Number.POSITIVE_INFINITY);
    saver.flush(-3, Number.NaN);
    expect(saves.map((s) => s.report)).toEqual([{ positionSeconds: 12 }, { positionSeconds: 0 }]);
  });
});

describe('resumePosition', () => {
  test('resumes where the student was, from the start when it had reached the end', () => {
    expect(resumePosition(0, 100)).toBe(0);
    expect(resumePosition(42.5, 100)).toBe(42.5);
    expect(resumePosition(99.5, 100)).toBe(0);
    expect(resumePosition(42.5, Number.NaN)).toBe(42.5);
  });
});
