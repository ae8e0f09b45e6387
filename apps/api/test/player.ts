import { POSITION_SAVE_INTERVAL_MS, type SavedLessonProgress } from '@skillwise/contracts';
import { lessonProgress } from '../src/db/schema';
import type { TestContext } from './helpers';

/** The clock a ProgressService measures watched time by (its `now`), moved by hand. */
export class FakeClock {
  constructor(private ms = Date.parse('2030-01-02T03:04:05Z')) {}

  readonly now = () => this.ms;

  advance(seconds: number) {
    this.ms += Math.round(seconds * 1000);
  }
}

/**
 * An honest player, as the web app's saves it (features/learning/hooks/use-lesson-position.ts): a save
 * where playing starts, one every POSITION_SAVE_INTERVAL_MS of the clock while it plays at `rate`, and one
 * where it stops (the end, or a pause). `late` delays each save after the first by that many seconds in
 * turn (a timer firing late, the network), never the position it reports. Every save's answer, in order.
 */
export async function play(
  clock: FakeClock,
  save: (positionSeconds: number) => Promise<SavedLessonProgress>,
  options: { from: number; to: number; rate: number; late?: number[] },
): Promise<SavedLessonProgress[]> {
  const { from, to, rate, late = [] } = options;
  const answers = [await save(from)];
  const step = POSITION_SAVE_INTERVAL_MS / 1000;
  let position = from;
  let delay = 0;
  for (let i = 0; position < to; i++) {
    const seconds = Math.min(step, (to - position) / rate);
    const nextDelay = late[i % Math.max(late.length, 1)] ?? 0;
    clock.advance(seconds + nextDelay - delay);
    delay = nextDelay;
    position = Math.min(to, position + seconds * rate);
    answers.push(await save(position));
  }
  return answers;
}

/**
 * A video lesson the student watched to the end, as the player's saves record it, written directly: for
 * tests about what follows a completion rather than about watching (which takes the clock's time).
 */
export async function recordWatched(ctx: TestContext, userId: number, lessonId: number) {
  const done = { completed: true, completedAt: new Date() };
  await ctx.database.db
    .insert(lessonProgress)
    .values({ userId, lessonId, ...done })
    .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: done });
}
