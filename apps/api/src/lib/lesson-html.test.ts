import { describe, expect, test } from 'vitest';
import { HOSTILE_CORPUS } from '../../test/hostile-html';
import { messageHtmlToText, sanitizeLessonHtml, sanitizeMessageHtml } from './lesson-html';

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

describe('a school’s formatted e-mail to its students (docs/decisions/036)', () => {
  test.each(HOSTILE_CORPUS)('%s leaves nothing that runs, loads or styles', async (hostile) => {
    for (const html of [hostile, `<p>Before</p>${hostile}<p>After</p>`]) {
      const clean = await sanitizeMessageHtml(html);
      for (const pattern of FORBIDDEN) expect(clean).not.toMatch(pattern);
      expect(clean).not.toMatch(/target=|rel=/);
      expect(await sanitizeMessageHtml(clean)).toBe(clean);
    }
  });

  test('keeps paragraphs, bold, italic, lists and links; headings, code and quotes go, their text stays', async () => {
    const clean = await sanitizeMessageHtml(
      '<h2>News</h2><p><strong>Bold</strong>, <b>b</b>, <em>italic</em>, <i>i</i><br>next</p>' +
        '<ol><li>one</li></ol><blockquote>quoted</blockquote><a href="mailto:a@example.com">mail us</a>',
    );
    expect(clean).toBe(
      'News<p><strong>Bold</strong>, <b>b</b>, <em>italic</em>, <i>i</i><br />next</p>' +
        '<ol><li>one</li></ol>quoted<a href="mailto:a@example.com">mail us</a>',
    );
  });

  test('its text part: paragraphs apart, list items, a link’s address after its words, entities read', async () => {
    const text = await messageHtmlToText(
      await sanitizeMessageHtml(
        '<p>Tom &amp; Jerry &lt;3</p><ul><li>one</li><li>two</li></ul><p><a href="https://x.example/">site</a> and https://y.example</p>',
      ),
    );
    expect(text).toBe('Tom & Jerry <3\n\n- one\n- two\n\nsite (https://x.example/) and https://y.example');
  });
});
