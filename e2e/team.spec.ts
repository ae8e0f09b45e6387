import type { Page } from '@playwright/test';
import { TEAM_MSG } from '@skillwise/contracts';
import { uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import { createCourse, PUBLISHER } from './support/courses';
import { expect, test, WIDTHS } from './support/fixtures';
import { enterCode, logIn } from './support/flows';
import { uniqueEmail, waitForCode, waitForMessage } from './support/outbox';
import { shot } from './support/screens';

/** The invitation's link in the e-mail sent to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = await waitForMessage(email, (m) => /invited you to/.test(m.subject), 'invitation');
  const link = mail.text.match(/https?:\/\/\S+\/acceptInvite\?token=\S+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  return new URL(link ?? '').pathname + new URL(link ?? '').search;
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Admin' });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the owner invites an instructor, who signs up, accepts, teaches only their course and is removed', async ({
      page,
      browser,
      request,
    }, testInfo) => {
      test.slow();
      const tag = uniqueSuffix();
      const given = `Given ${tag}`;
      const other = `Not theirs ${tag}`;
      await createCourse(request, { title: given, unique: `g${tag}`, lessons: [], published: false });
      const { courseId: otherId } = await createCourse(request, {
        title: other,
        unique: `o${tag}`,
        lessons: [],
        published: false,
      });
      const invitee = { name: `Ines ${tag}`, email: uniqueEmail('instructor'), password: 'ines-pass-12' };

      // The owner opens Team from the sidebar and invites an instructor.
      await logIn(page, PUBLISHER.email, PUBLISHER.password);
      await expect(page).toHaveURL(/\/admin/);
      await sidebar(page).getByRole('link', { name: 'Team' }).click();
      await expect(page).toHaveURL(/\/admin\/team$/);
      await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
      await expect(page.locator('[data-seats]')).toContainText('Growth plan');
      await page.getByLabel('Email Address').fill(invitee.email);
      await page.getByRole('radio', { name: /^Instructor/ }).check();
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText(TEAM_MSG.invited).first()).toBeVisible();
      await expect(page.locator(`[data-invite="${invitee.email}"]`)).toBeVisible();
      // The same address again: the server's own words.
      await page.getByLabel('Email Address').fill(invitee.email);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText(TEAM_MSG.alreadyInvited)).toBeVisible();
      await expectAccessible(page);
      await shot(page, `team-screen-${testInfo.project.name}-${width}`);

      // The invitee opens the link in a browser of their own, signs up with that address and comes back.
      const link = await invitationLink(invitee.email);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const guest = await context.newPage();
      await guest.goto(link);
      await expect(guest.getByRole('heading', { name: 'Join a school’s team' })).toBeVisible();
      await expect(guest.getByText(invitee.email).first()).toBeVisible();
      await expect(guest.getByText('Demo Academy').first()).toBeVisible();
      await expectAccessible(guest);
      await shot(guest, `accept-invite-${testInfo.project.name}-${width}`);
      await guest.getByRole('link', { name: 'Sign up' }).click();
      await expect(guest).toHaveURL(/\/register\?next=/);
      const since = Date.now();
      await guest.getByLabel('Full Name').fill(invitee.name);
      await guest.getByLabel('Email Address').fill(invitee.email);
      await guest.getByLabel('Password', { exact: true }).fill(invitee.password);
      await guest.getByLabel('Confirm Password').fill(invitee.password);
      await guest.getByRole('button', { name: 'Sign Up' }).click();
      await expect(guest).toHaveURL(/\/digitCodeVerification\?next=/);
      await enterCode(guest, await waitForCode(invitee.email, since));
      await expect(guest).toHaveURL(/\/login\?next=/);
      await guest.getByLabel('Email Address').fill(invitee.email);
      await guest.getByLabel('Password', { exact: true }).fill(invitee.password);
      await guest.getByRole('button', { name: 'Log In' }).click();
      await expect(guest).toHaveURL(/\/acceptInvite\?token=/);
      await guest.getByRole('button', { name: 'Accept and join the team' }).click();
      await expect(guest).toHaveURL(/\/admin/);
      await expect(guest.getByText(TEAM_MSG.joined('Demo Academy')).first()).toBeVisible();

      // The owner sees the new member and gives them one course.
      await page.reload();
      await page.getByRole('button', { name: `Courses of ${invitee.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `${invitee.name}’s courses` });
      await dialog.getByRole('checkbox', { name: given }).check();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save courses' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: `Courses of ${invitee.name}` })).toHaveText(
        'Courses (1)',
      );
      await expectAccessible(page);
      await shot(page, `team-members-${testInfo.project.name}-${width}`);

      // The instructor's admin: no sales, settings of the school or team; only their course.
      await guest.goto('/admin/previousCourses');
      await expect(guest.getByText(given).first()).toBeVisible();
      await expect(guest.getByText(other)).toHaveCount(0);
      await expect(sidebar(guest).getByRole('link', { name: 'My Course' })).toBeVisible();
      for (const name of ['Sales', 'Team', 'Plan & billing']) {
        await expect(sidebar(guest).getByRole('link', { name })).toHaveCount(0);
      }
      await expectAccessible(guest);
      await guest.goto('/admin/team');
      await expect(guest.getByText(TEAM_MSG.notYourRole)).toBeVisible();
      await expectAccessible(guest);
      await shot(guest, `team-refused-${testInfo.project.name}-${width}`);
      // A course not theirs is refused by the server, and the screen says so.
      await guest.goto(`/admin/curriculum?id=${otherId}`);
      await expect(guest.getByText(other)).toHaveCount(0);
      await expect(guest.getByRole('alert').filter({ hasText: 'Course not found.' })).toBeVisible();
      await shot(guest, `course-refused-${testInfo.project.name}-${width}`);

      // The owner removes them; the audit log tells it.
      await page.getByRole('button', { name: `Remove ${invitee.name}` }).click();
      await page
        .getByRole('dialog', { name: 'Remove this member?' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect(page.getByRole('button', { name: `Remove ${invitee.name}` })).toHaveCount(0);
      const log = page.getByRole('region', { name: 'Audit log' });
      await log.getByRole('searchbox', { name: 'Search the audit log' }).fill(invitee.email);
      await expect(log.getByText('Removed a member').first()).toBeVisible();
      await expect(log.getByText('Joined the team').first()).toBeVisible();
      await expectAccessible(page);
      await context.close();
    });
  });
}
