import { LESSON_FORM_MAX_BYTES, type Lesson, MSG, type Section } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTHORING_MSG } from '@/config/messages';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { type FetchCall, mockFetch, renderRoutes } from '@/test/render';
import { Curriculum } from './curriculum';

const lesson = (id: number, title: string, sectionId: number, contentType = 'pdf'): Lesson => ({
  lesson_Id: id,
  lesson_title: title,
  lessonType: contentType,
  contentType,
  content_path: `/api/media/lessons/${id}?signature=x`,
  contentFile: null,
  file_mime: 'application/pdf',
  file_size: 600,
  section_Id: sectionId,
  order_number: id,
  published: false,
  preview: false,
  lessonstarted: false,
});

const SECTIONS: Section[] = [
  {
    section_Id: 1,
    section_name: 'Basics',
    section_description: '',
    order_number: 1,
    published: false,
    course_Id: 9,
    lessons: [lesson(11, 'Charts', 1), lesson(12, 'Harbour', 1, 'video')],
  },
  {
    section_Id: 2,
    section_name: 'Knots',
    section_description: '',
    order_number: 2,
    published: true,
    course_Id: 9,
    lessons: [lesson(21, 'Bowline', 2)],
  },
];

let calls: FetchCall[];

beforeEach(() => {
  storage.set('authToken', 'token');
  calls = mockFetch(({ method, url }) => {
    if (method === 'GET' && url.includes('GetCourseSectionsByCourseId/9')) return { body: SECTIONS };
    if (url.endsWith('InsertCourseSections')) return { status: 201, body: { ...SECTIONS[0], section_Id: 3 } };
    if (url.endsWith('lessons/createLessons')) return { status: 201, body: lesson(30, 'New', 1) };
    return { body: { message: 'ok' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderCurriculum = async () => {
  renderRoutes([{ path: '/', element: <Curriculum courseId={9} /> }], '/');
  await screen.findByText('Basics');
};
const expand = (name: string) =>
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
const sent = (path: string) => calls.filter((call) => call.url.endsWith(path));

describe('Curriculum (SPEC §2.13)', () => {
  it('adds a section numbered after the others, and refuses a blank name', async () => {
    await renderCurriculum();
    fireEvent.click(screen.getByRole('button', { name: 'Add Section' }));
    expect(screen.getByRole('alert').textContent).toBe('Section name cannot be empty.');
    expect(sent('InsertCourseSections')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('New section'), { target: { value: ' Navigation ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Section' }));
    await vi.waitFor(() => expect(sent('InsertCourseSections')).toHaveLength(1));
    expect(sent('InsertCourseSections')[0]?.body).toEqual({
      course_id: 9,
      section_name: 'Navigation',
      section_id: 0,
      section_description: '',
      published: false,
      order_number: 3,
    });
  });

  it('starts with the sections collapsed and opens one on demand', async () => {
    await renderCurriculum();
    expect(screen.queryByText('Charts')).toBeNull();
    expand('Basics');
    expect(screen.getByText('Charts')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Charts/ }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('img', { name: 'Video' })).toBeTruthy();
  });

  it('keeps one section menu and one lesson menu open at a time', async () => {
    await renderCurriculum();
    fireEvent.click(screen.getByRole('button', { name: 'Section menu: Basics' }));
    fireEvent.click(screen.getByRole('button', { name: 'Section menu: Knots' }));
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(screen.getByRole('menu', { name: 'Section menu: Knots' })).toBeTruthy();

    expand('Basics');
    expand('Knots');
    fireEvent.click(screen.getByRole('button', { name: 'Lesson menu: Charts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Lesson menu: Bowline' }));
    const lessonMenus = screen
      .getAllByRole('menu')
      .filter((menu) => menu.getAttribute('aria-label')?.startsWith('Lesson'));
    expect(lessonMenus.map((menu) => menu.getAttribute('aria-label'))).toEqual(['Lesson menu: Bowline']);
    expect(
      within(lessonMenus[0] as HTMLElement)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit Lesson', 'Delete Lesson', 'Publish Lesson', 'Make Preview']);
  });

  it('opens a quiz lesson’s results from its menu (docs/decisions/034)', async () => {
    const quiz: Lesson = { ...lesson(13, 'Check yourself', 1, 'quiz'), content_path: null };
    mockFetch(({ method, url }) =>
      method === 'GET' && url.includes('GetCourseSectionsByCourseId/9')
        ? { body: [{ ...SECTIONS[0], lessons: [lesson(11, 'Charts', 1), quiz] }] }
        : { body: { message: 'ok' } },
    );
    const { router } = renderRoutes(
      [
        { path: '/', element: <Curriculum courseId={9} /> },
        { path: '/admin/quizResults', element: <h1>Results</h1> },
      ],
      '/',
    );
    await screen.findByText('Basics');
    expand('Basics');
    fireEvent.click(screen.getByRole('button', { name: 'Lesson menu: Charts' }));
    expect(screen.queryByRole('menuitem', { name: 'Quiz results' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lesson menu: Check yourself' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Quiz results' }));
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeTruthy();
    expect(router.state.location.search).toBe('?lesson=13');
  });

  it('publishes a section with all its lessons from its menu, in one call (docs/decisions/017)', async () => {
    const success = vi.spyOn(notify, 'success');
    await renderCurriculum();
    fireEvent.click(screen.getByRole('button', { name: 'Section menu: Basics' }));
    const menu = screen.getByRole('menu', { name: 'Section menu: Basics' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete Section', 'Edit Section', 'Publish', 'Publish with all lessons']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Publish with all lessons' }));
    await vi.waitFor(() => expect(sent('courseSections/publishUnpublishSection')).toHaveLength(1));
    expect(sent('courseSections/publishUnpublishSection')[0]?.body).toEqual({
      Id: 1,
      published: true,
      withLessons: true,
    });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Section published with all its lessons'));

    // A published section with draft lessons offers to publish those.
    fireEvent.click(screen.getByRole('button', { name: 'Section menu: Knots' }));
    expect(
      within(screen.getByRole('menu', { name: 'Section menu: Knots' }))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete Section', 'Edit Section', 'Unpublish', 'Publish all lessons']);
  });

  it('checks the lesson form: a file over 100 MB, then the required fields, then saves', async () => {
    const success = vi.spyOn(notify, 'success');
    await renderCurriculum();
    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson to Basics' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Lesson' });

    const huge = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: LESSON_FORM_MAX_BYTES + 1 });
    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [huge] } });
    expect(within(dialog).getByRole('alert').textContent).toBe(AUTHORING_MSG.lessonFileTooLarge);

    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [] } });
    fireEvent.change(within(dialog).getByLabelText('Lesson Name'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Lesson' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(MSG.allFieldsRequired);
    expect(sent('lessons/createLessons')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Lesson Name'), { target: { value: ' Tides ' } });
    fireEvent.change(within(dialog).getByLabelText('Content Type'), { target: { value: 'text' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Lesson' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Lesson uploaded successfully'));
    expect(sent('lessons/createLessons')[0]?.form).toEqual({
      'Object.lesson_Id': '0',
      'Object.lesson_title': 'Tides',
      'Object.contentType': 'text',
      'Object.section_Id': '1',
    });
    expect(screen.queryByRole('dialog', { name: 'Add Lesson' })).toBeNull();
  });

  it('says the edit form needs every field and sends nothing then', async () => {
    await renderCurriculum();
    expand('Basics');
    fireEvent.click(screen.getByRole('button', { name: 'Lesson menu: Charts' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit Lesson' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Lesson: Charts' });
    expect(within(dialog).getByText(/Section 1/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /View Content File/ })).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Lesson Title'), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('status').textContent).toBe(MSG.allFieldsRequired);
    expect(within(dialog).getByRole('status').className).toContain('text-rose-600');
    expect(sent('lessons/createLessons')).toHaveLength(0);
  });

  it('deletes a lesson after the confirmation', async () => {
    const success = vi.spyOn(notify, 'success');
    await renderCurriculum();
    expand('Knots');
    fireEvent.click(screen.getByRole('button', { name: 'Lesson menu: Bowline' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Lesson' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Lesson' });
    expect(within(dialog).getByText('Are you sure you want to delete this lesson?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));

    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Deleted successfully!'));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/lessons/21');
    expect(screen.queryByRole('dialog', { name: 'Delete Lesson' })).toBeNull();
  });
});
