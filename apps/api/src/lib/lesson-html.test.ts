import { describe, expect, test } from 'vitest';
import { HOSTILE_CORPUS } from '../../test/hostile-html';
import { sanitizeLessonHtml } from './lesson-html';

/** What a sanitized lesson must never hold. */
const FORBIDDEN = [
  /<script/i,
  /<style/i,
  /<iframe/i,
  /<svg/i,
  /<math/i,
  /<img/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<input/i,
  /<meta/i,
  /<base/i,
  /<link/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /\sstyle\s*=/i,
  /\s(id|class|title|data-[a-z]+)\s*=/i,
  /href="\/\//i,
];

describe('a written text lesson’s HTML', () => {
  test.each(HOSTILE_CORPUS)('%s leaves nothing that runs, loads or styles', async (hostile) => {
    for (const html of [hostile, `<h2>Notes</h2><p>Before</p>${hostile}<p>After</p>`]) {
      const clean = await sanitizeLessonHtml(html);
      for (const pattern of FORBIDDEN) expect(clean).not.toMatch(pattern);
      // Sanitizing again changes nothing: what is stored is already what it would become.
      expect(await sanitizeLessonHtml(clean)).toBe(clean);
    }
  });

  test('keeps what the editor makes', async () => {
    const lesson =
      '<h2>Knots</h2><h3>The bowline</h3><p><strong>Bold</strong>, <em>italic</em>, <s>struck</s>, ' +
      '<u>underlined</u> and <code>code</code>.<br>Next line</p><ul><li><p>one</p></li></ul>' +
      '<ol start="3"><li><p>three</p></li></ol><blockquote><p>A quote</p></blockquote>' +
      '<pre><code>let knot = 1;</code></pre><hr>';
    // Void elements come out self-closed.
    expect(await sanitizeLessonHtml(lesson)).toBe(lesson.replace('<br>', '<br />').replace('<hr>', '<hr />'));
  });

  test('links keep http, https and mailto addresses, and open apart from the lesson', async () => {
    const links = await sanitizeLessonHtml(
      '<a href="https://example.com/a?b=1&amp;c=2" target="_self" rel="opener">web</a>' +
        '<a href="mailto:teacher@example.com">mail</a><a href="ftp://example.com">ftp</a>',
    );
    expect(links).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">web</a>' +
        '<a href="mailto:teacher@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a>' +
        '<a target="_blank" rel="noopener noreferrer nofollow">ftp</a>',
    );
  });

  test('closes what was left open, keeps text of dropped tags as text, and drops scripts’ text', async () => {
    expect(await sanitizeLessonHtml('<p>unclosed <b>bold')).toBe('<p>unclosed <b>bold</b></p>');
    expect(await sanitizeLessonHtml('<div><span>kept</span></div><script>alert(1)</script>')).toBe('kept');
    expect(await sanitizeLessonHtml('<p>1 < 2 & 3 > 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
  });

  test('an empty lesson is one empty paragraph', async () => {
    expect(await sanitizeLessonHtml('')).toBe('<p></p>');
    expect(await sanitizeLessonHtml('<script>alert(1)</script>')).toBe('<p></p>');
  });
});
