import type { LessonCaption } from '@skillwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, queryOf, renderRoutes } from '@/test/render';
import { CaptionsPanel } from './captions-panel';

const english: LessonCaption = {
  language: 'en',
  label: 'English',
  size_bytes: 2048,
  created_at: '2026-11-29T10:00:00.000Z',
};
const french: LessonCaption = { ...english, language: 'fr', label: 'French' };

beforeEach(() => storage.set('authToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

const renderPanel = () => renderRoutes([{ path: '/', element: <CaptionsPanel lessonId={7} /> }], '/');

const vtt = (name = 'french.vtt') => new File(['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBonjour\n'], name);

const chooseFile = (file: File) =>
  fireEvent.change(screen.getByLabelText('Captions file'), { target: { files: [file] } });

describe('CaptionsPanel (Edit Lesson of a video lesson)', () => {
  it('lists the captions and uploads a file for a language, sending its tag', async () => {
    let list = [english];
    const calls = mockFetch((call: FetchCall) => {
      if (call.method === 'POST') {
        list = [english, french];
        return { status: 201, body: list };
      }
      return { body: list };
    });
    renderPanel();
    const captions = await screen.findByRole('list', { name: 'Captions of this lesson' });
    expect(within(captions).getByText('English')).toBeTruthy();
    expect(pathOf(calls[0])).toBe('/api/lessons/GetCaptions/7');

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } });
    chooseFile(vtt());
    fireEvent.click(screen.getByRole('button', { name: 'Upload captions' }));
    expect(await within(captions).findByText('French')).toBeTruthy();
    const upload = calls.find((call) => call.method === 'POST');
    expect(pathOf(upload)).toBe('/api/lessons/UploadCaptions/7');
    expect(upload?.form).toEqual({ language: 'fr', file: 'french.vtt' });
  });

  it('takes another language as a tag, canonical, and says at the field what is wrong', async () => {
    const calls = mockFetch((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              code: 'CONFLICT',
              message: 'language: a lesson has captions in at most 20 languages: remove one to add another',
              details: [
                {
                  field: 'language',
                  message: 'a lesson has captions in at most 20 languages: remove one to add another',
                },
              ],
            },
          }
        : { body: [] },
    );
    renderPanel();
    expect(await screen.findByText('No captions yet.')).toBeTruthy();
    // Nothing chosen: the file is asked for beside its input, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Upload captions' }));
    expect(await screen.findByText('Choose a .vtt or .srt file.')).toBeTruthy();
    chooseFile(new File(['x'], 'notes.txt'));
    expect(await screen.findByText('Choose a WebVTT (.vtt) or SRT (.srt) file.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'other' } });
    const tag = screen.getByLabelText('Language tag');
    fireEvent.change(tag, { target: { value: 'not a tag' } });
    chooseFile(vtt('catalan.srt'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload captions' }));
    expect(await screen.findByText('Type a language tag such as en, fr or pt-BR.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(tag, { target: { value: 'ca-es' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload captions' }));
    expect(
      await screen.findByText('a lesson has captions in at most 20 languages: remove one to add another'),
    ).toBeTruthy();
    expect(tag.getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((call) => call.method === 'POST')?.form).toEqual({
      language: 'ca-ES',
      file: 'catalan.srt',
    });
  });

  it('removes a language once confirmed', async () => {
    let list = [english, french];
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE') list = [english];
      return { body: list };
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove French captions' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove captions' });
    expect(within(dialog).getByText('The French captions of this lesson will be deleted.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, Remove' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove French captions' })).toBeNull());
    const removed = calls.find((call) => call.method === 'DELETE');
    expect(pathOf(removed)).toBe('/api/lessons/DeleteCaptions/7');
    expect(queryOf(removed).get('language')).toBe('fr');
  });
});
