import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll } from './support/page-checks.ts';
import { expectLoadedImage, makePng } from './support/profile-support.ts';

// Own profile (/profile) and member profile (/profile/{id}): viewing, editing each section, privacy, the messages and limits.

const SAVED = 'Your changes have been saved!';
const LONG_BIO =
  'Third-year aerospace student building a solar glider with the design team. I run the CFD study group on Fridays, ' +
  'tutor engineering drawing and write about propulsion. Ask me about wind-tunnel testing, composites or model rocketry!';

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** Confirms the "saved" notice, which closes the editor too. */
async function closeSaved(page: Page, editorTitle: string) {
  const saved = dialog(page, SAVED);
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'Close' }).click();
  await expect(saved).toBeHidden();
  await expect(dialog(page, editorTitle)).toBeHidden();
}

/** A flash message. While a modal is open the rest of the page is hidden from the accessibility tree, toasts too. */
const flash = (page: Page, text: string) => page.locator('[data-flash]').filter({ hasText: text });

test.describe('profile', { tag: '@profile' }, () => {
  test('a member edits every section of their profile, and a visitor sees only the public part', async ({ page, browser, member: owner }) => {
    test.setTimeout(300_000);
    const tag = Date.now().toString(36);
    const name = `Ada Okafor ${tag}`;
    await page.goto('/profile');
    await expect(page.getByText('No bio available')).toBeVisible();
    for (const empty of ['No projects uploaded yet.', 'No achievements added yet.', 'No volunteer activities added yet.', 'No phone provided']) {
      await expect(page.getByText(empty, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('This member has not published any articles yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expectAccessible(page, 'own profile, empty', { allRules: true });

    // ---- Bio and skills
    await page.getByRole('button', { name: 'Edit bio and skills' }).first().click();
    const bioEditor = dialog(page, 'Edit Bio and Skills');
    await expect(bioEditor).toBeVisible();
    await expectAccessible(page, 'bio and skills dialog', { include: '[role="dialog"]', allRules: true });
    await bioEditor.getByLabel('Bio').fill(LONG_BIO);
    await expect(bioEditor.getByText(`${LONG_BIO.length}/2600`)).toBeVisible();
    const skill = bioEditor.getByRole('textbox', { name: 'Add a skill' });
    await skill.press('Enter');
    await expect(bioEditor.getByText('Skill name cannot be empty.')).toBeVisible();
    await skill.fill('MATLAB');
    await skill.press('Enter');
    await skill.fill('matlab');
    await skill.press('Enter');
    await expect(bioEditor.getByText('This skill already exists.')).toBeVisible();
    await skill.fill('Thermodynamic');
    await skill.press('Enter');
    await expect(bioEditor.getByText('Skill name too long. Maximum 12 characters allowed.')).toBeVisible();
    const skills = ['CFD', 'Python', 'SolidWorks', 'Rocketry', 'ANSYS', 'Leadership', 'CAD Design', 'Simulink', 'Arduino', 'Composites'];
    for (const s of skills) {
      await skill.fill(s);
      await bioEditor.getByRole('button', { name: 'Add', exact: true }).click();
    }
    await bioEditor.getByRole('button', { name: 'Remove Composites' }).click();
    await bioEditor.getByRole('button', { name: 'Save Changes' }).click();
    await expect(flash(page, 'Bio and skills updated successfully!')).toBeVisible();
    await closeSaved(page, 'Edit Bio and Skills');
    const bio = page.getByRole('region', { name: 'Bio' });
    await expect(bio.getByText(LONG_BIO.slice(0, 120))).toBeVisible();
    await expect(bio.getByText(LONG_BIO.slice(-40))).toHaveCount(0);
    await bio.getByRole('button', { name: 'See more' }).click();
    await expect(bio.getByText(LONG_BIO)).toBeVisible();
    const skillsRegion = page.getByRole('region', { name: 'Skills' });
    await expect(skillsRegion.getByRole('listitem')).toHaveCount(9);
    await skillsRegion.getByRole('button', { name: 'See All' }).click();
    await expect(dialog(page, 'All Skills').getByRole('listitem')).toHaveCount(10);
    await expectAccessible(page, 'all skills dialog', { include: '[role="dialog"]', allRules: true });
    await page.keyboard.press('Escape');

    // ---- Unsaved changes: "No thanks" keeps editing, "Discard" closes without saving
    await page.getByRole('button', { name: 'Edit bio and skills' }).first().click();
    await bioEditor.getByLabel('Bio').fill('A change I will throw away');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard changes' });
    await expect(discard).toBeVisible();
    await expect(discard.getByText('Are you sure you want to discard the changes you made?')).toBeVisible();
    await expectAccessible(page, 'discard changes dialog', { include: '[role="alertdialog"]', allRules: true });
    await discard.getByRole('button', { name: 'No thanks' }).click();
    await expect(discard).toBeHidden();
    await expect(bioEditor.getByLabel('Bio')).toHaveValue('A change I will throw away');
    await bioEditor.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(bioEditor).toBeHidden();
    await expect(bio.getByText('A change I will throw away')).toHaveCount(0);
    // Nothing changed: closing asks nothing.
    await page.getByRole('button', { name: 'Edit bio and skills' }).first().click();
    await page.keyboard.press('Escape');
    await expect(bioEditor).toBeHidden();

    // ---- Contact info
    await page.getByRole('button', { name: 'Edit contact info' }).click();
    const contact = dialog(page, 'Edit Contact Info');
    await expectAccessible(page, 'contact dialog', { include: '[role="dialog"]', allRules: true });
    await contact.getByLabel('Full Name').fill(name);
    await contact.getByLabel('Phone Number').fill('+234 801 234 5678');
    await contact.getByRole('button', { name: 'Save Changes' }).click();
    await expect(flash(page, 'Contact information updated successfully!')).toBeVisible();
    await closeSaved(page, 'Edit Contact Info');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Contact Info' }).getByText('+234 801 234 5678')).toBeVisible();

    // ---- Social links: only http(s) addresses
    await page.getByRole('button', { name: 'Edit social links' }).click();
    const social = dialog(page, 'Edit Social Links');
    await expectAccessible(page, 'social links dialog', { include: '[role="dialog"]', allRules: true });
    await social.getByLabel('LinkedIn').fill('javascript:alert(1)');
    await social.getByLabel('GitHub').fill('https://github.com/ada-okafor');
    await social.getByRole('button', { name: 'Save Changes' }).click();
    await expect(social.getByText('The link must be a web address starting with http:// or https://')).toBeVisible();
    await social.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/ada-okafor');
    await social.getByRole('button', { name: 'Save Changes' }).click();
    await expect(flash(page, 'Social links updated successfully!')).toBeVisible();
    await closeSaved(page, 'Edit Social Links');
    const github = page.getByRole('link', { name: 'GitHub (opens in a new tab)' });
    await expect(github).toHaveAttribute('href', 'https://github.com/ada-okafor');
    await expect(github).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(github).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'Medium (opens in a new tab)' })).toHaveCount(0);

    // ---- Projects: add a private one with an image, add a public one, edit, delete
    const projectImage = makePng(320, 200, [20, 60, 140], [250, 150, 70]);
    await page.getByRole('button', { name: 'Manage projects' }).click();
    const projects = dialog(page, 'Manage Projects');
    await expect(projects.getByText('No projects uploaded yet.')).toBeVisible();
    await expectAccessible(page, 'manage projects dialog', { include: '[role="dialog"]', allRules: true });
    await projects.getByRole('button', { name: 'Add Project' }).click();
    const addProject = dialog(page, 'Add Project');
    await expect(addProject.getByLabel('Status')).toHaveValue('In Progress');
    await expectAccessible(page, 'add project form', { include: '[role="dialog"]', allRules: true });
    await addProject.getByRole('button', { name: 'Add Project' }).click();
    await expect(addProject.getByText('Please fill in all required fields (Title, Description, Start Date)')).toBeVisible();
    await addProject.getByLabel('Title').fill('Secret wing study');
    await addProject.getByLabel('Description').fill('Laminar-flow wing sections for the glider.');
    await addProject.getByLabel('Start Date').fill('2024-02-01');
    await expect(addProject.getByLabel('End Date')).toHaveAttribute('min', '2024-02-01');
    await addProject.getByLabel('Project URL').fill('https://example.com/wing');
    await addProject.getByLabel('Category').selectOption('Research');
    await addProject.getByLabel('Project Image').setInputFiles({ name: 'wing.png', mimeType: 'image/png', buffer: projectImage });
    await expect(flash(page, 'Image uploaded successfully!')).toBeVisible();
    await expectLoadedImage(addProject.getByRole('img', { name: 'Project Image preview' }));
    await addProject.getByRole('switch', { name: 'Private' }).check();
    await addProject.getByRole('button', { name: 'Add Project' }).click();
    await expect(flash(page, 'Project added successfully!')).toBeVisible();
    await closeSaved(page, 'Add Project');

    await page.getByRole('button', { name: 'Manage projects' }).click();
    await projects.getByRole('button', { name: 'Add Project' }).click();
    await addProject.getByLabel('Title').fill('Public glider');
    await addProject.getByLabel('Description').fill('A two-metre solar glider.');
    await addProject.getByLabel('Start Date').fill('2024-03-01');
    await addProject.getByLabel('Status').selectOption('Completed');
    await addProject.getByRole('button', { name: 'Add Project' }).click();
    await closeSaved(page, 'Add Project');

    await page.getByRole('button', { name: 'Manage projects' }).click();
    await projects.getByRole('button', { name: 'Edit Public glider' }).click();
    const editProject = dialog(page, 'Edit Project');
    await editProject.getByLabel('Title').fill('Public solar glider');
    await editProject.getByRole('button', { name: 'Save Changes' }).click();
    await expect(flash(page, 'Project updated successfully!')).toBeVisible();
    await closeSaved(page, 'Edit Project');

    await page.getByRole('button', { name: 'Manage projects' }).click();
    await projects.getByRole('button', { name: 'Add Project' }).click();
    await addProject.getByLabel('Title').fill('Short-lived');
    await addProject.getByLabel('Description').fill('To be deleted.');
    await addProject.getByLabel('Start Date').fill('2024-04-01');
    await addProject.getByRole('button', { name: 'Add Project' }).click();
    await closeSaved(page, 'Add Project');
    await page.getByRole('button', { name: 'Manage projects' }).click();
    await projects.getByRole('button', { name: 'Delete Short-lived' }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete project' });
    await expect(confirmDelete.getByText('Are you sure you want to delete this project?')).toBeVisible();
    await expectAccessible(page, 'delete project dialog', { include: '[role="alertdialog"]', allRules: true });
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(flash(page, 'Project deleted successfully!')).toBeVisible();
    await expect(projects.getByText('Short-lived')).toHaveCount(0);
    await projects.getByRole('button', { name: 'Close', exact: true }).first().click();

    const projectsRegion = page.getByRole('region', { name: 'Projects' });
    const secret = projectsRegion.getByRole('article').filter({ hasText: 'Secret wing study' });
    await expect(secret.getByText('Private')).toBeVisible();
    await expectLoadedImage(secret.locator('img'));
    await expect(projectsRegion.getByRole('article').filter({ hasText: 'Public solar glider' }).getByText('Completed')).toBeVisible();

    // ---- Achievements
    await page.getByRole('button', { name: 'Manage achievements' }).click();
    const achievements = dialog(page, 'Manage Achievements');
    await achievements.getByRole('button', { name: 'Add Achievement' }).click();
    const addAchievement = dialog(page, 'Add Achievement');
    await addAchievement.getByLabel('Title').fill('Best Design Award');
    await addAchievement.getByRole('button', { name: 'Add Achievement' }).click();
    await expect(addAchievement.getByText('Please fill in all required fields', { exact: true })).toBeVisible();
    await addAchievement.getByLabel('Date Achieved').fill('2024-05-12');
    await addAchievement.getByLabel('Description').fill('National student UAV challenge');
    await addAchievement.getByRole('button', { name: 'Add Achievement' }).click();
    await expect(flash(page, 'Achievement added successfully!')).toBeVisible();
    await closeSaved(page, 'Add Achievement');
    await expect(page.getByRole('region', { name: 'Achievements' }).getByText('Best Design Award')).toBeVisible();

    // ---- Volunteer activities: one private, one deleted
    await page.getByRole('button', { name: 'Manage volunteer activities' }).click();
    const activities = dialog(page, 'Manage Volunteer Activities');
    await activities.getByRole('button', { name: 'Add Volunteer Activity' }).click();
    const addActivity = dialog(page, 'Add Volunteer Activity');
    await addActivity.getByLabel('Organization').fill('Campus Science Club');
    await addActivity.getByRole('button', { name: 'Add Volunteer Activity' }).click();
    await expect(addActivity.getByText('Please fill in the activity name')).toBeVisible();
    await addActivity.getByLabel('Activity Name').fill('Science fair mentor');
    await addActivity.getByLabel('Start Date').fill('2023-09-01');
    await addActivity.getByRole('switch', { name: 'Private' }).check();
    await addActivity.getByRole('button', { name: 'Add Volunteer Activity' }).click();
    await closeSaved(page, 'Add Volunteer Activity');
    await page.getByRole('button', { name: 'Manage volunteer activities' }).click();
    await activities.getByRole('button', { name: 'Add Volunteer Activity' }).click();
    await addActivity.getByLabel('Activity Name').fill('Beach clean-up');
    await addActivity.getByRole('button', { name: 'Add Volunteer Activity' }).click();
    await closeSaved(page, 'Add Volunteer Activity');
    await page.getByRole('button', { name: 'Manage volunteer activities' }).click();
    await activities.getByRole('button', { name: 'Delete Beach clean-up' }).click();
    const confirmActivity = page.getByRole('alertdialog');
    await expect(confirmActivity.getByText('Are you sure you want to delete this volunteer activity?')).toBeVisible();
    await confirmActivity.getByRole('button', { name: 'Delete' }).click();
    await expect(flash(page, 'Volunteer activity deleted successfully!')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(activities).toBeHidden();
    const activitiesRegion = page.getByRole('region', { name: 'Volunteer Activities' });
    await expect(activitiesRegion.getByRole('article').filter({ hasText: 'Science fair mentor' }).getByText('Private')).toBeVisible();
    await expect(activitiesRegion.getByText('Beach clean-up')).toHaveCount(0);

    // ---- Profile picture and cover image: a real PNG, checked before upload
    await page.getByRole('button', { name: 'Change profile picture' }).click();
    const picture = dialog(page, 'Update Profile Picture');
    await expectAccessible(page, 'profile picture dialog', { include: '[role="dialog"]', allRules: true });
    await picture.getByLabel('Choose a profile picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(picture.getByText('Please select a valid image file (JPEG, PNG, WebP).')).toBeVisible();
    await picture.getByLabel('Choose a profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(256, 256, [200, 40, 40], [40, 40, 200]) });
    await expectLoadedImage(picture.getByRole('img', { name: 'Preview of the chosen image' }));
    await picture.getByRole('button', { name: 'Upload' }).click();
    await expect(flash(page, 'Profile image updated successfully!')).toBeVisible();
    await closeSaved(page, 'Update Profile Picture');
    const avatar = page.getByRole('img', { name: `Profile picture of ${name}` });
    await expect(avatar).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
    await expectLoadedImage(avatar);

    await page.getByRole('button', { name: 'Change cover image' }).click();
    const coverDialog = dialog(page, 'Update Cover Image');
    await coverDialog.getByLabel('Choose a cover image').setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: makePng(800, 200, [10, 30, 80], [120, 190, 250]) });
    await coverDialog.getByRole('button', { name: 'Upload' }).click();
    await expect(flash(page, 'Cover image updated successfully!')).toBeVisible();
    await closeSaved(page, 'Update Cover Image');
    const cover = page.getByRole('img', { name: `Cover image of ${name}` });
    await expect(cover).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
    await expectLoadedImage(cover);

    await expectAccessible(page, 'own profile, filled in', { allRules: true });
    await expectNoHorizontalScroll(page);

    // ---- A visitor (not signed in) on /profile/{id}
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/profile/${owner.id}`);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visitor.getByText('Public solar glider')).toBeVisible();
    await expect(visitor.getByText('Best Design Award')).toBeVisible();
    await expect(visitor.getByText('Secret wing study')).toHaveCount(0);
    await expect(visitor.getByText('Science fair mentor')).toHaveCount(0);
    await expect(visitor.getByText('Private', { exact: true })).toHaveCount(0);
    await expect(visitor.getByText('No volunteer activities added yet.')).toBeVisible();
    await expect(visitor.getByText('Email not public')).toBeVisible();
    await expect(visitor.getByText('Phone not public')).toBeVisible();
    await expect(visitor.getByRole('button', { name: /^(Edit|Manage|Change)/ })).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expectLoadedImage(visitor.getByRole('img', { name: `Profile picture of ${name}` }));
    const visitorBio = visitor.getByRole('region', { name: 'Bio' });
    await visitorBio.getByRole('button', { name: 'See more' }).click();
    await expect(visitorBio.getByText(LONG_BIO)).toBeVisible();
    await visitorBio.getByRole('button', { name: 'See less' }).click();
    await expect(visitorBio.getByText(LONG_BIO)).toHaveCount(0);
    await expectAccessible(visitor, 'member profile');
    await visitorContext.close();
  });

  test('on a phone: no sideways scrolling, 15-character skills, and accessible dialogs @mobile @phone-only', async ({ page, member: owner }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'own profile on a phone', { allRules: true });
    await page.getByRole('button', { name: 'Edit bio and skills' }).first().click();
    const editor = dialog(page, 'Edit Bio and Skills');
    const skill = editor.getByRole('textbox', { name: 'Add a skill' });
    await skill.fill('Thermodynamics1');
    await skill.press('Enter');
    await expect(editor.getByText('Skill name too long. Maximum 12 characters allowed.')).toHaveCount(0);
    await skill.fill('Thermodynamics12');
    await skill.press('Enter');
    await expect(editor.getByText('Skill name too long. Maximum 15 characters allowed.')).toBeVisible();
    await expectAccessible(page, 'bio dialog on a phone', { include: '[role="dialog"]', allRules: true });
    await expectNoHorizontalScroll(page);
    await page.goto(`/profile/${owner.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'member profile on a phone', { allRules: true });
  });

  test('an unknown member id shows Profile not found', async ({ page }) => {
    await page.goto('/profile/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Profile not found')).toBeVisible();
  });
});
