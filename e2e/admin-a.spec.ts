import { DEFAULT_TIME_ZONE } from '@aesa/shared/date-format';
import { SERVER_MSG } from '@aesa/shared/messages';
import { PNG, bearer, deleteEvent, esc, expectAccessible, recordDialogs, theSuperAdmin, tokenOf, unique } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseDateTime, toTheMinute } from './support/date-time-field.ts';
import { signInAs } from './support/flows.ts';

// Admin area, part A: the dashboard from the real admin flags, electoral and event management,
// and the public Events page they feed (an article's review and publication: editorial.spec.ts).
// Admins are made as a person would: a super admin (the operator's create-admin command) creates a
// role with the module's flag and gives it to a member, through the API (the adminWith fixture).

test.describe('admin area, part A', { tag: '@admin' }, () => {
  // Long flows with an axe pass on every screen: generous on a shared, loaded machine.
  test.describe.configure({ timeout: 360_000 });

  test('a plain member sees Access Denied on the dashboard and on a module screen @mobile', async ({ page, request, member }) => {

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have admin permissions to access this dashboard.")).toBeVisible();
    await expectAccessible(page, 'dashboard access denied');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/admin/electoral');
    await expect(page.getByRole('heading', { level: 1, name: 'Electoral Management' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expectAccessible(page, 'module access denied');
    // The server refuses the module's calls whatever the screen shows.
    const { token } = await tokenOf(request, member);
    const denied = await request.post('/api/elections', {
      headers: { Authorization: `Bearer ${token}` },
      data: { title: 'x', start_time: new Date().toISOString(), end_time: new Date(Date.now() + 1e6).toISOString() },
    });
    expect(denied.status()).toBe(403);
  });

  test('an event admin: only Events is open, creates an event shown on /events, Access Denied on Electoral @mobile', async ({ page, request, adminWith }) => {
    const admin = await adminWith(['is_event_admin']);
    const dialogs = await recordDialogs(page);
    // The empty list is a state this test checks: events that earlier tests on this shard's server
    // left are deleted first, so the check does not depend on which files share the server.
    const { token } = await tokenOf(request, admin);
    const left = (await (await request.get('/api/admin/events?limit=500', { headers: bearer(token) })).json()) as { data: { id: string }[] };
    for (const { id } of left.data) await deleteEvent(request, id, token);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText(/^Welcome,/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Site' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: /Event Management/ })).toHaveAttribute('href', '/admin/events');
    for (const title of ['Editorial Management', 'Electoral Management', 'Email & Communications', 'Data Management', 'Finance', 'Super Admin']) {
      await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
      await expect(page.locator('[data-denied]', { hasText: title })).toContainText('Access Denied');
    }
    await expect(page.getByRole('region', { name: 'System Status' })).toContainText('Email Service');
    await expect(page.getByRole('tab', { name: 'Audit Log' })).toHaveCount(0);
    await expectAccessible(page, 'dashboard (event admin)');

    await page.getByRole('link', { name: /Event Management/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
    await expect(page.getByText('No events yet.')).toBeVisible();
    await expectAccessible(page, 'events: empty');

    await page.getByRole('tab', { name: 'Create Event' }).click();
    await page.getByRole('button', { name: 'Create Event' }).click();
    for (const text of ['Title is required', 'Description is required', 'Event date is required', 'Location is required']) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expectAccessible(page, 'events: form errors');

    const title = unique('Drone Build Day');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Build and fly a quadcopter in a day.');
    await chooseDateTime(page, 'Event date and time', new Date(Date.now() + 7 * 86_400_000));
    await page.getByLabel('Location').fill('Faculty Workshop, Room 2');
    await expect(page.getByLabel('Status')).toHaveValue('upcoming');
    await page.getByLabel('Event type').fill('Workshop');
    await page.locator('input[type=file][data-upload=event]').setInputFiles({ name: 'flyer.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByAltText('Flyer preview')).toBeVisible();
    await page.getByLabel('Video URL').fill('https://example.com/recording');
    await page.getByRole('button', { name: 'Create Event' }).click();

    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Upcoming');
    await expect(card).toContainText('Faculty Workshop, Room 2');
    await expect(card).toContainText('Workshop');
    await expect(card.getByRole('link', { name: /Watch Video/ })).toHaveAttribute('href', 'https://example.com/recording');
    await expect(card.getByRole('img', { name: `Flyer for ${title}` })).toBeVisible();
    await expectAccessible(page, 'events: grid');

    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expectAccessible(page, '/events with an event');

    await page.goto('/admin/electoral');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).last().click();
    await expect(page).toHaveURL(/\/admin$/);

    // Edit, then delete with its confirm prompt.
    await page.goto('/admin/events');
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByLabel('Status').selectOption('postponed');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('article', { name: title })).toContainText('Postponed');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    expect(dialogs.some((d) => d.includes(`delete "${title}"`))).toBe(true);
  });

  test.describe('with the browser in a US locale and zone', () => {
    // The officer's laptop says en-US and New York; the times they choose and see are the association's.
    test.use({ locale: 'en-US', timezoneId: 'America/New_York' });
    test('an electoral admin creates an election, adds candidates, publishes results, deletes it', async ({ page, request, adminWith, createAccount }) => {
      await adminWith(['is_electoral_admin']);
      // Electoral admins pick members by name or matric number: e-mail addresses are not theirs to
      // see or search by (only super, communications and data admins'). So the candidates get names.
      const aliceName = unique('Alice Candidate');
      const bobName = unique('Bob Candidate');
      const alice = await createAccount({ name: aliceName });
      const bob = await createAccount({ name: bobName });
      const dialogs = await recordDialogs(page);

      await page.goto('/admin');
      await expect(page.getByRole('link', { name: /Electoral Management/ })).toBeVisible();
      await expect(page.locator('[data-denied]')).toHaveCount(6);
      await page.getByRole('link', { name: /Electoral Management/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Electoral Management' })).toBeVisible();
      await expectAccessible(page, 'electoral: list');

      await page.getByRole('tab', { name: 'Create Election' }).click();
      await page.getByRole('button', { name: 'Create Election' }).click();
      for (const text of ['Title is required', 'Start time is required', 'End time is required']) await expect(page.getByText(text)).toBeVisible();
      await expectAccessible(page, 'electoral: form errors');

      // The end-after-start rule is the server's: its refusal names the end time, so its words stand
      // under that field, whose first select gets focus, and no notice blocks the form.
      const title = unique('Executive Elections');
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Description').fill('Choose the council for the coming session.');
      await chooseDateTime(page, 'Start date and time', new Date(Date.now() + 3_600_000));
      await chooseDateTime(page, 'End date and time', new Date(Date.now() - 3_600_000));
      await page.getByRole('button', { name: 'Create Election' }).click();
      const endField = page.getByRole('group', { name: 'End date and time' });
      await expect(endField).toHaveAccessibleDescription(/End time must be after start time/);
      await expect(endField.getByRole('combobox').first()).toBeFocused();
      expect(dialogs.filter((d) => d.startsWith('Error saving election'))).toEqual([]);

      // Candidates are added before voting opens: the election starts in a few hours.
      const start = toTheMinute(new Date(Date.now() + 3 * 3_600_000));
      await chooseDateTime(page, 'Start date and time', start);
      await chooseDateTime(page, 'End date and time', new Date(Date.now() + 5 * 3_600_000));
      await page.getByRole('button', { name: 'Create Election' }).click();
      const card = page.getByRole('article', { name: title });
      await expect(card).toBeVisible();
      // Saved at the instant chosen on the association's clock, and shown in its format, not the browser's.
      const saved = ((await (await request.get('/api/elections')).json()) as { elections: { title: string; start_time: string }[] }).elections.find((e) => e.title === title);
      expect(new Date(saved!.start_time).toISOString()).toBe(start.toISOString());
      const shown = new Intl.DateTimeFormat('en-GB', { timeZone: DEFAULT_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(start);
      await expect(card).toContainText(shown);
      await expect(card).toContainText('Upcoming');
      await expect(card).toContainText('Results not published');

      // Two candidates for President, chosen with the member search.
      await card.getByRole('button', { name: 'Manage Candidates' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Vice President' })).toBeVisible();
      await expect(dialog.getByRole('region')).toHaveCount(10);
      await expectAccessible(page, 'electoral: manage candidates');
      for (const [member, name, manifesto] of [
        [alice, aliceName, 'Better labs for every level.'],
        [bob, bobName, 'More industry visits.'],
      ] as const) {
        await dialog.getByRole('button', { name: 'Add Candidate for President' }).click();
        await dialog.getByLabel('Search members').fill(member.email);
        await expect(dialog.getByText('No member matches this search.')).toBeVisible(); // not by e-mail
        await dialog.getByLabel('Search members').fill(name);
        await dialog.getByRole('radio', { name: esc(name) }).check();
        await dialog.getByLabel('Manifesto').fill(manifesto);
        if (member === alice) {
          await dialog.locator('input[type=file][data-upload=candidate]').setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: PNG });
          await expect(dialog.getByAltText('Campaign image preview')).toBeVisible();
          await expectAccessible(page, 'electoral: add candidate form');
        }
        await dialog.getByRole('button', { name: 'Add Candidate', exact: true }).click();
        await expect(dialog.getByText(manifesto)).toBeVisible();
      }
      await expect(dialog.getByRole('region', { name: 'President', exact: true })).toContainText('(2)');

      // Edit moves Bob to Treasurer; adding Bob again is refused by the server, under the member search.
      await dialog.getByRole('button', { name: `Edit ${bobName}` }).click();
      await dialog.getByLabel('Position').selectOption('Treasurer');
      await dialog.getByRole('button', { name: 'Save Candidate' }).click();
      await expect(dialog.getByRole('region', { name: 'Treasurer' })).toContainText('More industry visits.');
      await dialog.getByRole('button', { name: 'Add Candidate for Welfare Director' }).click();
      await dialog.getByLabel('Search members').fill(bobName);
      await dialog.getByRole('radio', { name: esc(bobName) }).check();
      await dialog.getByRole('button', { name: 'Add Candidate', exact: true }).click();
      await expect(dialog.getByRole('group', { name: 'Member', exact: true })).toContainText(/is already a candidate in this election \(Treasurer\)/);
      expect(dialogs.filter((t) => t.startsWith('Failed to add candidate: '))).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await card.getByRole('button', { name: 'View Details' }).click();
      await expect(dialog).toContainText('Results published');
      await expect(dialog.getByRole('list', { name: 'Candidates' }).getByRole('listitem')).toHaveCount(2);
      await expect(dialog.getByRole('link', { name: 'View Voting Page' })).toHaveAttribute('href', /\/election\/[0-9a-f-]+$/);
      await expectAccessible(page, 'electoral: details');
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

      // Before voting opens the start may still move: now voting opens (an hour ago).
      await card.getByRole('button', { name: 'Edit Election' }).click();
      await chooseDateTime(page, 'Start date and time', new Date(Date.now() - 3_600_000));
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(card).toContainText('Active');

      await card.getByRole('button', { name: 'Publish Live Results' }).click();
      await expect(card).toContainText('Results published');
      await expect(card.getByRole('button', { name: /Publish/ })).toHaveCount(0);
      expect(dialogs.some((d) => d.startsWith('Publish the live results'))).toBe(true);

      await card.getByRole('button', { name: 'Edit Election' }).click();
      await expect(page.getByRole('tab', { name: 'Edit Election' })).toHaveAttribute('aria-selected', 'true');
      await page.getByLabel('Title').fill(`${title} (edited)`);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const edited = page.getByRole('article', { name: `${title} (edited)` });
      await expect(edited).toBeVisible();
      // Voting has opened: its ballots, roll and record are kept, so Delete is not offered.
      await expect(edited.getByRole('button', { name: 'Delete' })).toHaveCount(0);

      // An election whose voting has not opened is deleted from its card.
      const { token } = await theSuperAdmin(request);
      const draftTitle = unique('Draft Elections');
      const draft = await request.post('/api/elections', {
        headers: { Authorization: `Bearer ${token}` },
        data: { title: draftTitle, start_time: new Date(Date.now() + 24 * 3_600_000).toISOString(), end_time: new Date(Date.now() + 48 * 3_600_000).toISOString() },
      });
      expect(draft.ok()).toBe(true);
      await page.reload();
      const draftCard = page.getByRole('article', { name: draftTitle });
      await draftCard.getByRole('button', { name: 'Delete' }).click();
      await expect(draftCard).toHaveCount(0);
      expect(dialogs.some((d) => d.includes('also delete all of its candidates and votes'))).toBe(true);
    });
  });

  test('a super admin sees every module, the audit log with filters, and an event-admin write in it @mobile', async ({ page, request, adminWith }) => {
    const eventAdmin = await adminWith(['is_event_admin'], { signIn: null });
    const { token } = await tokenOf(request, eventAdmin);
    const headers = { Authorization: `Bearer ${token}` };
    // One refused call (denied) and one write (ok) by the event admin.
    expect((await request.get('/api/admin/roles', { headers })).status()).toBe(403);
    const created = await request.post('/api/admin/events', {
      headers,
      data: { title: unique('Audited Talk'), description: 'x', event_date: new Date(Date.now() + 864e5).toISOString(), location: 'Hall A' },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await signInAs(page, (await theSuperAdmin(request)).member);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.locator('[data-denied]')).toHaveCount(0);
    for (const [name, href] of [
      ['Editorial Management', '/admin/editorial'],
      ['Electoral Management', '/admin/electoral'],
      ['Event Management', '/admin/events'],
      ['Email & Communications', '/admin/communications'],
      ['Data Management', '/admin/data'],
      ['Finance', '/admin/finance'],
      ['Super Admin', '/admin/super'],
    ] as const) {
      await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }
    const status = page.getByRole('region', { name: 'System Status' });
    await expect(status.getByRole('listitem').filter({ hasText: 'API' })).toContainText('Operational');
    await expect(status.getByRole('listitem').filter({ hasText: 'Database' })).toContainText('Operational');
    await expect(status.getByRole('listitem').filter({ hasText: 'Email Service' })).toContainText('Warning');
    await expectAccessible(page, 'dashboard (super admin)');

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const audit = page.getByRole('region', { name: 'Audit Log' });
    await expect(audit.getByText(/^Showing 1–/)).toBeVisible();
    await expectAccessible(page, 'dashboard: audit log');
    await audit.getByLabel('Action').fill('/api/admin/events');
    await audit.getByLabel('Outcome').selectOption('ok');
    await audit.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(audit.getByRole('listitem').first()).toContainText('POST /api/admin/events');
    await expect(audit.getByRole('listitem').first()).toContainText('OK');
    await audit.getByLabel('Action').fill('/api/admin/roles');
    await audit.getByLabel('Outcome').selectOption('denied');
    await audit.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(audit.getByRole('listitem').first()).toContainText('GET /api/admin/roles');
    await expect(audit.getByRole('listitem').first()).toContainText('Denied');
    await audit.getByLabel('Outcome').selectOption('failed');
    await chooseDateTime(audit, 'From', new Date(Date.now() - 400 * 86_400_000));
    await chooseDateTime(audit, 'To', new Date(Date.now() - 399 * 86_400_000));
    await audit.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(audit.getByText('No audit entries match these filters.')).toBeVisible();

    // The event goes again: the event admin test (in the other project too) starts from no events.
    const { id: eventId, version } = ((await created.json()) as { event: { id: string; version: number } }).event;
    const removed = await request.delete(`/api/admin/events/${eventId}`, { headers: { ...headers, 'If-Match': `"${version}"` } });
    expect(removed.ok(), await removed.text()).toBe(true);
  });

  test('list failures say what failed with Try Again; the dashboard toasts a permissions failure', async ({ page, adminWith }) => {
    await adminWith(['is_event_admin']);
    let failMe = true;
    await page.route('**/api/admin/me', (route) =>
      failMe ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"Boom","code":"INTERNAL"}' }) : route.fallback(),
    );
    await page.goto('/admin');
    // The text is the one of the answer's code, never the server's own words.
    await expect(page.getByText(`Failed to load admin permissions: ${SERVER_MSG.internal}`)).toBeVisible();
    await expect(page.getByText(/Boom/)).toHaveCount(0);
    await expect(page.locator('[data-flash=error]')).toContainText('Failed to load admin permissions');
    failMe = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('link', { name: /Event Management/ })).toBeVisible();

    let failList = true;
    await page.route('**/api/admin/events', (route) =>
      failList && route.request().method() === 'GET'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"error":"x","code":"DATABASE_UNAVAILABLE"}' })
        : route.fallback(),
    );
    await page.goto('/admin/events');
    await expect(page.getByText('Failed to load events: The database is temporarily unavailable. Please try again shortly.')).toBeVisible();
    await expectAccessible(page, 'events: load failure');
    failList = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('No events yet.').or(page.getByRole('article').first())).toBeVisible();
  });
});
