import type { MyCertificate, CertificateVerification as Verification } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, pathOf, queryOf, renderRoutes } from '@/test/render';
import { certificateDate } from '../lib/dates';
import { CertificateVerification } from './certificate-verification';
import { MyCertificates } from './my-certificates';

const NUMBER = 'SW-K7QM-2XAD-PLR4-ZT6B';

const mine = (index: number): MyCertificate => ({
  number: `SW-AAAA-BBBB-CCCC-DD${'ABCDEFGHJK'[index] ?? 'Z'}${'ABCDEFGHJK'[index] ?? 'Z'}`,
  course_Id: index + 1,
  course_title: `Course ${index + 1}`,
  org_name: 'Harbour School',
  author_name: 'Ada Lovelace',
  student_name: 'Zoë Student',
  issued_date: '2026-03-12T23:30:00.000Z',
  verification_url: `https://learn.example.com/certificates/SW-${index}`,
});

const verification = (overrides: Partial<Verification> = {}): Verification => ({
  number: NUMBER,
  status: 'valid',
  student_name: 'Zoë Ñúñez',
  course_title: 'Knots at Sea',
  org_name: 'Harbour School',
  author_name: 'Ada Lovelace',
  issued_date: '2026-03-12T10:00:00.000Z',
  revoked_date: null,
  ...overrides,
});

beforeEach(() => storage.set('authToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

const renderVerification = (number = NUMBER) =>
  renderRoutes(
    [
      { path: '/', element: <CertificateVerification number={number} /> },
      { path: '/certificates/:number', element: <p>Opened another certificate</p> },
    ],
    '/',
  );

describe('CertificateVerification (/certificates/{number})', () => {
  it('shows who earned what and when, marked valid, without a token', async () => {
    storage.remove('authToken');
    const calls = mockFetch(() => ({ body: verification() }));
    renderVerification();
    expect(await screen.findByText('Valid certificate')).toBeTruthy();
    expect(screen.getByText('Zoë Ñúñez')).toBeTruthy();
    expect(screen.getByText('Knots at Sea')).toBeTruthy();
    expect(screen.getByText('Harbour School')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('March 12, 2026')).toBeTruthy();
    expect(pathOf(calls[0])).toBe(`/api/certificates/Verify/${NUMBER}`);
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('says a revoked certificate is no longer valid and names nobody', async () => {
    mockFetch(() => ({
      body: verification({ status: 'revoked', student_name: null, revoked_date: '2026-04-01T10:00:00.000Z' }),
    }));
    renderVerification();
    expect(await screen.findByText('Revoked certificate')).toBeTruthy();
    expect(screen.queryByText('Valid certificate')).toBeNull();
    expect(screen.queryByText('Zoë Ñúñez')).toBeNull();
    expect(screen.getAllByText('April 1, 2026').length).toBeGreaterThan(0);
  });

  it('says an unknown number is unknown, and checks another from there', async () => {
    mockFetch(() => ({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Certificate not found.' },
    }));
    renderVerification('SW-AAAA-BBBB-CCCC-DDDD');
    expect(await screen.findByRole('heading', { name: 'Unknown certificate number' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Certificate number'), {
      target: { value: ' sw-k7qm-2xad-plr4-zt6b ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Opened another certificate')).toBeTruthy();
  });

  it('offers to try again when the server could not answer', async () => {
    mockFetch(() => ({ status: 503, body: undefined }));
    renderVerification();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('Unknown certificate number')).toBeNull();
  });
});

describe('MyCertificates', () => {
  const renderMine = () =>
    renderRoutes([{ path: '/', element: <MyCertificates coursesPath="/students/myCourses" /> }], '/');

  it('lists a page of certificates with their details, share link and download', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => mine(index));
    const calls = mockFetch(() => ({ body: rows, total: 12 }));
    renderMine();
    const list = await screen.findByRole('list', { name: 'Your certificates' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('heading', { name: 'Course 1' })).toBeTruthy();
    expect(within(first).getByText('Harbour School · by Ada Lovelace')).toBeTruthy();
    // The date the PDF prints (UTC), whatever the browser's time zone.
    expect(within(first).getByText(certificateDate('2026-03-12T23:30:00.000Z'))).toBeTruthy();
    expect(within(first).getByText('https://learn.example.com/certificates/SW-0')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Download PDF: Course 1' })).toBeTruthy();
    expect(screen.getByText('Showing 1–10 of 12 certificates')).toBeTruthy();
    expect(queryOf(calls[0]).toString()).toBe('page=1&pageSize=10');
    expect(calls[0]?.headers.Authorization).toBe('Bearer token');
  });

  it('says honestly when there are none yet', async () => {
    mockFetch(() => ({ body: [], total: 0 }));
    renderMine();
    expect(await screen.findByText('No certificates yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Courses' }).getAttribute('href')).toBe(
      '/students/myCourses',
    );
  });
});

describe('certificateDate', () => {
  it('is the UTC date, as the PDF prints it', () => {
    expect(certificateDate('2026-03-12T23:30:00.000Z')).toBe('March 12, 2026');
    expect(certificateDate('not a date')).toBe('—');
  });
});
