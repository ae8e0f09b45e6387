import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeInput, emptyCode } from './code-input';

const Harness = () => {
  const [digits, setDigits] = useState(emptyCode);
  return (
    <>
      <CodeInput value={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join('')}</output>
    </>
  );
};

const boxes = () => screen.getAllByRole('textbox');
const box = (index: number) => {
  const element = boxes()[index];
  if (!element) throw new Error(`no box ${index}`);
  return element as HTMLInputElement;
};

describe('CodeInput (SPEC §2.10)', () => {
  it('shows six labelled single-digit boxes', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(screen.getByLabelText('Digit 1 of 6')).toBe(box(0));
  });

  it('refuses anything but a digit', () => {
    render(<Harness />);
    fireEvent.change(box(0), { target: { value: 'a' } });
    fireEvent.change(box(1), { target: { value: '-' } });
    expect(box(0).value).toBe('');
    expect(box(1).value).toBe('');
    expect(screen.getByTestId('code').textContent).toBe('');
  });

  it('keeps one digit per box and moves on to the next box', () => {
    render(<Harness />);
    box(0).focus();
    fireEvent.change(box(0), { target: { value: '4' } });
    expect(box(0).value).toBe('4');
    expect(document.activeElement).toBe(box(1));

    fireEvent.change(box(0), { target: { value: '47' } });
    expect(box(0).value).toBe('7');
  });

  it('goes back and clears the previous box on Backspace in an empty box', () => {
    render(<Harness />);
    fireEvent.change(box(0), { target: { value: '1' } });
    fireEvent.change(box(1), { target: { value: '2' } });
    expect(document.activeElement).toBe(box(2));

    fireEvent.keyDown(box(2), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(1));
    expect(screen.getByTestId('code').textContent).toBe('1');
  });

  it('fills all six boxes when a whole code is pasted into any box', () => {
    render(<Harness />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 123-456 ' } });
    expect(boxes().map((element) => (element as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(document.activeElement).toBe(box(5));
  });
});
