import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextLesson } from './lesson-viewer';

afterEach(() => vi.unstubAllGlobals());

const answer = (body: string, type: string, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } })),
  );

const renderLesson = (written: boolean) => {
  const onFailure = vi.fn();
  const onLoaded = vi.fn();
  render(
    <TextLesson
      src="/api/media/lessons/1?sig=x"
      title="Knots"
      written={written}
      onFailure={onFailure}
      onLoaded={onLoaded}
    />,
  );
  return { onFailure, onLoaded };
};

describe('a text lesson in the viewer', () => {
  it('renders a lesson written in the page as formatted text', async () => {
    answer(
      '<h2>Bowline</h2><p>Make a <strong>loop</strong>, <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">see</a></p><ul><li>up</li></ul>',
      'text/html; charset=utf-8',
    );
    const { onLoaded } = renderLesson(true);
    const article = await screen.findByRole('article', { name: 'Knots' });
    expect(screen.getByRole('heading', { level: 2, name: 'Bowline' })).toBeTruthy();
    expect(article.querySelector('strong')?.textContent).toBe('loop');
    expect(screen.getByRole('link', { name: 'see' }).getAttribute('rel')).toBe(
      'noopener noreferrer nofollow',
    );
    expect(screen.getByRole('listitem').textContent).toBe('up');
    expect(onLoaded).toHaveBeenCalled();
  });

  it('says a written lesson with no words has no text yet', async () => {
    answer('<p></p>', 'text/html; charset=utf-8');
    renderLesson(true);
    expect(await screen.findByText('This lesson has no text yet.')).toBeTruthy();
  });

  it('shows a .txt as text: its markup is shown, never rendered', async () => {
    answer('Sailors write <b>bold</b> & <script>alert(1)</script>', 'text/plain; charset=utf-8');
    renderLesson(false);
    const article = await screen.findByRole('article', { name: 'Knots' });
    expect(article.textContent).toContain('<b>bold</b> & <script>alert(1)</script>');
    expect(article.querySelector('b, script')).toBeNull();
  });

  it('renders HTML only where a written lesson is expected, and asks again for anything else', async () => {
    for (const [written, type] of [
      [false, 'text/html; charset=utf-8'],
      [true, 'text/plain; charset=utf-8'],
      [true, 'application/json'],
    ] as const) {
      answer('<p>x</p>', type);
      const { onFailure } = renderLesson(written);
      await waitFor(() => expect(onFailure).toHaveBeenCalled());
      expect(screen.queryByRole('article')).toBeNull();
    }
  });
});
