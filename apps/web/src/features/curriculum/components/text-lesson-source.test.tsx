import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkAddress } from './text-lesson-editor';
import {
  lessonContent,
  NOT_WRITTEN,
  plainTextToHtml,
  TextLessonSource,
  type WrittenLesson,
} from './text-lesson-source';

afterEach(() => vi.unstubAllGlobals());

/** The lesson's file, as the media URL answers it. */
const stubFile = (body: string, type: string) => {
  const fetchMock = vi.fn(async () => new Response(body, { headers: { 'content-type': type } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const renderSource = (lesson?: { content_path: string | null; file_mime: string | null }) => {
  const changes: WrittenLesson[] = [];
  const view = render(
    <TextLessonSource {...(lesson ? { lesson } : {})} onChange={(written) => changes.push(written)} />,
  );
  return { changes, last: () => changes.at(-1), ...view };
};

describe('the text lesson written in the page', () => {
  it('turns a .txt into paragraphs, its markup escaped', () => {
    expect(plainTextToHtml('Knots <b>& loops</b>\r\nline two\n\n\n  Second "part"  \n')).toBe(
      '<p>Knots &lt;b&gt;&amp; loops&lt;/b&gt;<br>line two</p><p>Second &quot;part&quot;</p>',
    );
    expect(plainTextToHtml('  \n\n ')).toBe('');
  });

  it('takes web and e-mail addresses for links, never a script', () => {
    expect(linkAddress('https://example.com/a')).toBe('https://example.com/a');
    expect(linkAddress('example.com')).toBe('https://example.com');
    expect(linkAddress('teacher@example.com')).toBe('mailto:teacher@example.com');
    expect(linkAddress('mailto:teacher@example.com')).toBe('mailto:teacher@example.com');
    expect(linkAddress('javascript:alert(1)')).toBeNull();
    expect(linkAddress(' JavaScript:alert(1)')).toBeNull();
    expect(linkAddress('data:text/html,x')).toBeNull();
    expect(linkAddress('  ')).toBeNull();
  });

  it('saves the written HTML in place of a file, only for a text lesson', () => {
    const file = new File(['x'], 'notes.txt');
    const written = { writing: true, html: '<p>Hi</p>' };
    expect(lessonContent('text', written, file)).toEqual({ contentHtml: '<p>Hi</p>', file: null });
    expect(lessonContent('pdf', written, file)).toEqual({ file });
    expect(lessonContent('text', NOT_WRITTEN, file)).toEqual({ file });
  });

  it('is written for a new lesson, with named toolbar buttons the arrow keys move between', async () => {
    const { changes, last } = renderSource();
    expect(screen.getByRole('radio', { name: 'Write' })).toHaveProperty('checked', true);
    const editor = await screen.findByRole('textbox', { name: 'Lesson text' });
    expect(editor.getAttribute('contenteditable')).toBe('true');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of [
      'Heading',
      'Subheading',
      'Bold',
      'Italic',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Code',
      'Code block',
      'Link',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    // An untouched new lesson is saved as one empty paragraph.
    await waitFor(() => expect(last()).toEqual({ writing: true, html: '<p></p>' }));

    const heading = screen.getByRole('button', { name: 'Heading' });
    expect(heading.tabIndex).toBe(0);
    heading.focus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Subheading' }));
    expect(heading.tabIndex).toBe(-1);
    fireEvent.keyDown(toolbar, { key: 'Home' });
    expect(document.activeElement).toBe(heading);

    // Uploading a .txt instead: nothing written is saved, the form's file picker shows.
    fireEvent.click(screen.getByRole('radio', { name: 'Upload a .txt' }));
    expect(screen.queryByRole('textbox', { name: 'Lesson text' })).toBeNull();
    expect(last()).toEqual(NOT_WRITTEN);
    expect(changes.length).toBeGreaterThan(1);
  });

  it('edits a lesson written before from its text, and saves it again only once changed', async () => {
    const fetchMock = stubFile(
      '<h2>Bowline</h2><p>Make a <strong>loop</strong></p>',
      'text/html; charset=utf-8',
    );
    const { last } = renderSource({ content_path: '/api/media/lessons/4?sig=x', file_mime: 'text/html' });
    const editor = await screen.findByRole('textbox', { name: 'Lesson text' });
    await waitFor(() => expect(editor.querySelector('h2')?.textContent).toBe('Bowline'));
    expect(editor.querySelector('strong')?.textContent).toBe('loop');
    expect(fetchMock).toHaveBeenCalledWith('/api/media/lessons/4?sig=x');
    expect(last()).toEqual({ writing: true, html: null });
  });

  it('starts a .txt lesson on its upload; writing it starts from its text', async () => {
    stubFile('First line\n\nSecond <b>part</b>', 'text/plain; charset=utf-8');
    const { last } = renderSource({ content_path: '/api/media/lessons/5?sig=x', file_mime: 'text/plain' });
    expect(screen.getByRole('radio', { name: 'Upload a .txt' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(last()).toEqual(NOT_WRITTEN);
    fireEvent.click(screen.getByRole('radio', { name: 'Write' }));
    await screen.findByRole('textbox', { name: 'Lesson text' });
    await waitFor(() =>
      expect(last()).toEqual({
        writing: true,
        html: '<p>First line</p><p>Second &lt;b&gt;part&lt;/b&gt;</p>',
      }),
    );
  });

  it('shows nothing for another content type', () => {
    const { container } = render(<TextLessonSource off onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
