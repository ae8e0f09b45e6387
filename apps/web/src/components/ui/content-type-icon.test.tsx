import { LESSON_KINDS } from '@skillwise/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentTypeIcon } from './content-type-icon';

describe('ContentTypeIcon', () => {
  it('names a quiz lesson a quiz, never a text lesson', () => {
    render(<ContentTypeIcon contentType="quiz" />);
    expect(screen.getByRole('img', { name: 'Quiz' })).not.toBeNull();
    expect(screen.queryByRole('img', { name: 'Text' })).toBeNull();
  });

  it('has a label of its own for every lesson kind', () => {
    const labels = LESSON_KINDS.map((kind) => {
      const { unmount } = render(<ContentTypeIcon contentType={kind} />);
      const label = screen.getByRole('img').getAttribute('aria-label');
      unmount();
      return label;
    });
    expect(new Set(labels).size).toBe(LESSON_KINDS.length);
  });
});
