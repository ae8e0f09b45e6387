import { MSG, type Section } from '@skillwise/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch } from '@/test/render';
import { changeLessonStarted, getLessonContentUrl, withLessonStarted } from './learning';

afterEach(() => vi.unstubAllGlobals());

describe('lesson started flag (SPEC §4, §5)', () => {
  it('refuses without a lesson id, sending nothing', async () => {
    const calls = mockFetch(() => ({ body: {} }));
    storage.set('authToken', 'token');
    await expect(changeLessonStarted(0, true)).rejects.toThrow(MSG.missingLessonId);
    await expect(changeLessonStarted(null, true)).rejects.toThrow(MSG.missingLessonId);
    expect(calls).toHaveLength(0);
  });

  it('marks one lesson of the list started', () => {
    const section = (id: number, lessonIds: number[]) =>
      ({
        section_Id: id,
        lessons: lessonIds.map((lesson_Id) => ({ lesson_Id, lessonstarted: false })),
      }) as Section;
    const marked = withLessonStarted([section(1, [1, 2]), section(2, [3])], 2, true);
    expect(marked.flatMap((s) => s.lessons.map((l) => [l.lesson_Id, l.lessonstarted]))).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
  });
});

describe('fresh lesson URL', () => {
  it('asks GET lessons/GetLessonContentUrl/{id} and answers its content_path', async () => {
    const calls = mockFetch(() => ({ body: { lesson_Id: 5, content_path: '/api/media/lessons/5?sig=new' } }));
    await expect(getLessonContentUrl(5)).resolves.toBe('/api/media/lessons/5?sig=new');
    expect(calls[0]?.url).toBe('/api/lessons/GetLessonContentUrl/5');
  });
});
