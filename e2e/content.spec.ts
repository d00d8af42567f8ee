// Issue 7, "Quality bars": an admin writes, previews and publishes a post that then appears in the blog index, its
// category, the feed and the sitemap; a renamed post's old address redirects; a post, an info page and a legal page
// show their parts.
import { expect, test } from './fixtures';
import { signInAdmin } from './support';

test('an admin writes, previews and publishes a post; it appears in the blog, its category, the feed and the sitemap', async ({ page, request, unique }) => {
  test.setTimeout(90_000);
  const title = unique.name('Block Heater Basics for Alberta Mornings');
  await signInAdmin(page);

  await page.goto('/admin/content');
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/new$/);
  // The address changes before the editor's code has loaded, while the list (whose category form has a Title field
  // too) is still on screen: wait for the editor itself before typing.
  await expect(page.getByRole('heading', { name: 'New post', level: 1 })).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill(title);
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(/^block-heater-basics-for-alberta-mornings-/);
  await page.getByLabel('Summary', { exact: true }).fill('When to plug in, how long, and how to tell the heater works.');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Ownership and Winter Driving' });
  await page.getByLabel(/^Tags/).fill('winter, block heater');
  await page.getByLabel('Body (Markdown)', { exact: true }).fill([
    '## When to plug in',
    '',
    'Plug in on **cold nights**; a timer saves power. See our [winter checklist](/blog/winter-ready-vehicle-checklist-for-alberta).',
    '',
    '<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">',
  ].join('\n'));

  // The preview is the server's sanitised rendering: formatted, and without the script or the handler.
  const preview = page.getByTestId('content-preview');
  await expect(preview.getByRole('heading', { name: 'When to plug in', level: 2 })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('cold nights');
  await expect(preview.locator('script, img[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect(page.getByText(/\d+ words · 1 min read/)).toBeVisible();

  await page.getByRole('radio', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit post', level: 1 })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const slug = await page.getByLabel('Slug', { exact: true }).inputValue();

  // The blog index: newest first, so on page one.
  await page.goto('/blog');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  // Its category.
  await page.goto('/blog/category/ownership');
  await expect(page.getByRole('heading', { name: 'Ownership and Winter Driving', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`/blog/${slug}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Ownership and Winter Driving' })).toBeVisible();
  await expect(page.locator('article').getByRole('heading', { name: 'When to plug in', level: 2 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();

  // The first HTML response carries the Article JSON-LD a crawler reads.
  const html = await (await request.get(`/blog/${slug}`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('"@type":"BlogPosting"');
  // The feed and the sitemap.
  expect(await (await request.get('/blog/feed.xml')).text()).toContain(title);
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`/blog/${slug}</loc>`);
});

test('a renamed post keeps its old address working', async ({ page, unique }) => {
  test.setTimeout(60_000);
  // A title and addresses of the test's own: an address is taken once.
  const tag = unique.token('');
  const title = `Renaming test post ${tag}`;
  const [oldSlug, newSlug] = [`renaming-test-post-${tag}`, `renamed-test-post-${tag}`];
  await signInAdmin(page);
  await page.goto('/admin/content/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Body (Markdown)', { exact: true }).fill('Some text.');
  await page.getByRole('radio', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit post', level: 1 })).toBeVisible();
  await page.getByLabel('Slug', { exact: true }).fill(newSlug);
  await expect(page.getByText(`The old address /blog/${oldSlug} will redirect to /blog/${newSlug}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Old addresses that redirect here: /blog/${oldSlug}`)).toBeVisible();

  await page.goto(`/blog/${oldSlug}`);
  await expect(page).toHaveURL(`/blog/${newSlug}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
});

// Their axe scans moved to e2e/a11y.spec.ts (issue 55); what each page must show stays here.
test('a post, an info page and the cookies policy show their related articles, next steps and storage table', async ({ page }) => {
  await page.goto('/blog/winter-ready-vehicle-checklist-for-alberta');
  await expect(page.getByRole('heading', { name: 'Winter-Ready: A Vehicle Checklist for an Alberta Winter', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Related articles' })).toBeVisible();

  await page.goto('/bad-credit-loans');
  await expect(page.getByRole('heading', { name: 'Bad Credit Car Loans in Alberta', level: 1 })).toBeVisible();
  // Every info page ends with the calculator, pre-approval and inventory.
  await expect(page.getByRole('link', { name: 'Get pre-approved' }).last()).toHaveAttribute('href', '/pre-approval');
  await expect(page.getByRole('link', { name: 'Estimate a payment' })).toHaveAttribute('href', '/vehicles#calculator');

  await page.goto('/cookies-policy');
  await expect(page.getByRole('heading', { name: 'Cookies Policy', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'vehicle-comparison-list' })).toBeVisible();
});

test('the blog index paginates and the footer shows the dealer licence', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL('/blog?page=2');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText(/AMVIC Licensed Business/)).toBeVisible();
});

test('an admin adds, renames, reorders and deletes a blog category; its page follows', async ({ page, unique }) => {
  test.setTimeout(90_000);
  const tag = unique.token('');
  const title = `Towing ${tag}`;
  await signInAdmin(page);
  await page.goto('/admin/content');
  const section = page.getByRole('region', { name: 'Blog categories' });
  await expect(section.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });

  // Add: the address is made from the title, shown before saving.
  const add = section.getByRole('form', { name: 'Add a category' });
  await add.getByLabel('Title').fill(title);
  await expect(add.getByText(`/blog/category/towing-${tag}`)).toBeVisible();
  await add.getByLabel('Description').fill('Hitches, payload and trailer brakes.');
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`${title} added`).first()).toBeVisible();
  const item = section.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText(`/blog/category/towing-${tag} · 0 published posts`);
  // A second category at the same address is refused, and says why.
  await add.getByLabel('Title').fill(`Towing ${tag}`);
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(add.getByRole('alert')).toContainText(`already uses the address /blog/category/towing-${tag}`);

  // Reorder: new categories come last; move it up, then back down.
  await expect(section.getByRole('listitem').last()).toContainText(title);
  await section.getByRole('button', { name: `Move ${title} up` }).click();
  await expect(section.getByRole('listitem').last()).not.toContainText(title);
  await expect(section.getByRole('status')).toContainText(`${title} moved to position`);
  await section.getByRole('button', { name: `Move ${title} down` }).click();
  await expect(section.getByRole('listitem').last()).toContainText(title);

  // Rename: the address stays.
  await section.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = section.getByRole('form', { name: `Edit ${title}` });
  await edit.getByLabel('Title').fill(`${title} and Hauling`);
  await edit.getByRole('button', { name: 'Save' }).click();
  const renamed = section.getByRole('listitem').filter({ hasText: `${title} and Hauling` });
  await expect(renamed).toContainText(`/blog/category/towing-${tag}`);

  await page.goto(`/blog/category/towing-${tag}`);
  await expect(page.getByRole('heading', { name: `${title} and Hauling`, level: 1 })).toBeVisible();

  // Delete, confirmed: the category page is gone.
  await page.goto('/admin/content');
  await section.getByRole('button', { name: `Delete ${title} and Hauling` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`The page /blog/category/towing-${tag} will no longer exist.`);
  await dialog.getByRole('button', { name: 'Delete category' }).click();
  await expect(page.getByText('Category deleted').first()).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await page.goto(`/blog/category/towing-${tag}`);
  await expect(page.getByRole('heading', { name: `${title} and Hauling`, level: 1 })).toHaveCount(0);
});
