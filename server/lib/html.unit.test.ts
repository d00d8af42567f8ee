import { describe, expect, it } from 'vitest';
import { prepareTemplate } from './html';

const INDEX = `<!doctype html>
<html lang="en-CA">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#ffffff" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the page template and the theme (issue 21: a first visit follows the device)', () => {
  const template = prepareTemplate(INDEX);
  const render = (theme: 'light' | 'dark' | 'system') => template.render({ head: '', root: '', theme });

  it('a chosen dark theme: the dark class, dark colour scheme and one dark theme-color', () => {
    const html = render('dark');
    expect(html).toContain('<html lang="en-CA" class="dark" style="color-scheme:dark">');
    expect(html).toContain('<meta name="theme-color" content="#0b1220" />');
  });

  it('a chosen light theme: no class, one light theme-color', () => {
    const html = render('light');
    expect(html).toContain('<html lang="en-CA">');
    expect(html).toContain('<meta name="theme-color" content="#ffffff" />');
  });

  it('no choice: the system class (CSS applies prefers-color-scheme) and a theme-color per scheme', () => {
    const html = render('system');
    expect(html).toContain('<html lang="en-CA" class="theme-system">');
    expect(html).toContain('<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0b1220" />');
    expect(html).toContain('<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff" />');
    expect(html.match(/name="theme-color"/g)).toHaveLength(2);
  });
});
