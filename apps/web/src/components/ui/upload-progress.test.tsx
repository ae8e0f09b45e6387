import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeUpload, UploadProgress, type UploadProgressValue } from './upload-progress';

const MB = 1024 * 1024;
const running: UploadProgressValue = {
  sent: 120 * MB,
  total: 280 * MB,
  bytesPerSecond: 4.2 * MB,
  secondsLeft: 38.1,
  notice: null,
  isWaiting: false,
};

describe('an upload’s progress', () => {
  it('says the bytes of the total, the speed and the time left, or what it waits for', () => {
    expect(describeUpload(running)).toBe('120 MB of 280 MB · 4.2 MB/s · 39 s left');
    expect(describeUpload({ ...running, bytesPerSecond: null, secondsLeft: null })).toBe(
      '120 MB of 280 MB · measuring speed…',
    );
    expect(describeUpload({ ...running, bytesPerSecond: null, secondsLeft: null, isWaiting: true })).toBe(
      '120 MB of 280 MB · waiting for the connection',
    );
    // Every byte sent: the server is making the lesson.
    expect(describeUpload({ ...running, sent: 280 * MB })).toBe('280 MB of 280 MB · finishing…');
  });

  it('is a labelled progress bar with its details, and announces the connection’s notice', () => {
    render(<UploadProgress progress={{ ...running, notice: 'Resumed at 42%.' }} />);
    const bar = screen.getByRole('progressbar', { name: /Uploading file\s*42%/ });
    expect(bar.getAttribute('aria-valuetext')).toBe('42%, 120 MB of 280 MB · 4.2 MB/s · 39 s left');
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual([
      String(120 * MB),
      String(280 * MB),
    ]);
    expect(screen.getByRole('status').textContent).toBe('Resumed at 42%.');
  });

  it('shows nothing before an upload has begun', () => {
    const { container } = render(<UploadProgress progress={null} />);
    expect(container.innerHTML).toBe('');
  });
});
