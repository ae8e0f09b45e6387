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
  test('saves where playing starts, then at most every 10 s while playing, not on every timeupdate', () => {
    const { saver, saves, advance } = recorder();
    for (let second = 0; second < 35; second += 0.25) {
      saver.progress(second);
      advance(250);
    }
    // 35 s of playback with four timeupdates a second: the start, then 10, 20 and 30 s.
    expect(saves.map((s) => Math.round(s.report.positionSeconds))).toEqual([0, 10, 20, 30]);
    expect(saves[0]?.report).toEqual({ positionSeconds: 0 });
  });

  test('at 2x the saves keep to the wall clock: twice as far apart in the lesson', () => {
    const { saver, saves, advance } = recorder();
    saver.flush(0);
    for (let second = 0.5; second <= 40; second += 0.5) {
      advance(250);
      saver.progress(second);
    }
    expect(saves.map((s) => s.report.positionSeconds)).toEqual([0, 20, 40]);
  });

  test('a flush (play, pause, end, leaving) saves unless the position barely moved; leaving uses keepalive', () => {
    const { saver, saves } = recorder();
    saver.flush(42);
    saver.flush(42.2);
    saver.flush(50, true);
    expect(saves).toEqual([
      { report: { positionSeconds: 42 }, keepalive: false },
      { report: { positionSeconds: 50 }, keepalive: true },
    ]);
  });

  test('nonsense is never sent', () => {
    const { saver, saves } = recorder();
    saver.flush(Number.NaN);
    saver.flush(Number.POSITIVE_INFINITY);
    saver.flush(-3);
    saver.flush(1e9);
    expect(saves.map((s) => s.report)).toEqual([{ positionSeconds: 0 }, { positionSeconds: 86_400 }]);
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
