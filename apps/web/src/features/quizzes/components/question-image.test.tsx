import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionImage, questionImageAlt } from './question-image';

describe('QuestionImage', () => {
  it('shows the image lazily, its alt text taken from the question', () => {
    render(
      <QuestionImage src="/api/media/quiz-images/7/a.png?viewer=3" questionText="  Which   bird is this? " />,
    );
    const image = screen.getByRole('img', { name: 'Image for the question: Which bird is this?' });
    expect(image.getAttribute('src')).toBe('/api/media/quiz-images/7/a.png?viewer=3');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.className).toContain('max-w-full');
  });

  it('shows nothing for a question without an image', () => {
    const { container } = render(<QuestionImage src={null} questionText="No picture here" />);
    expect(container.innerHTML).toBe('');
  });

  it('says the image could not be loaded instead of showing a broken one', () => {
    render(<QuestionImage src="/expired.png" questionText="Look" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('The image could not be loaded. Reload the page to try again.')).toBeTruthy();
  });

  it('keeps a long question’s alt text short', () => {
    const alt = questionImageAlt('word '.repeat(100));
    expect(alt.length).toBeLessThanOrEqual('Image for the question: '.length + 140);
    expect(alt.endsWith('…')).toBe(true);
    expect(questionImageAlt('   ')).toBe('Image for the question');
  });
});
