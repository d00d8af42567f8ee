// The app's links as the server renders them (the unit project has no DOM; clicks, modified clicks and client-side
// navigation are covered end to end in e2e/shell.spec.ts): a real href, and aria-current on the current
// page's navigation link, which is what the header's and the phone menu's styles key on.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Link, NavLink } from './link';

function render(at: string, element: React.ReactNode): string {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('Link', () => {
  it('renders a real link with the path, search and hash it goes to, and passes its attributes on', () => {
    const html = render('/', <Link to={{ pathname: '/vehicles', search: '?make=Ford', hash: '#results' }} className="x" aria-label="Fords">Fords</Link>);
    expect(html).toBe('<a class="x" aria-label="Fords" href="/vehicles?make=Ford#results">Fords</a>');
  });

  it('takes a path with its search string as it is', () => {
    expect(render('/vehicles', <Link to="/vehicles?page=2">Next</Link>)).toBe('<a href="/vehicles?page=2">Next</a>');
  });
});

describe('NavLink', () => {
  const nav = (at: string, to: string, end?: boolean) => /aria-current="page"/.test(render(at, <NavLink to={to} end={end}>x</NavLink>));

  it('marks the link to the current page', () => {
    expect(nav('/vehicles', '/vehicles')).toBe(true);
    expect(nav('/Vehicles/', '/vehicles')).toBe(true);
  });

  it('marks a section link on the pages below it, unless it is an end link', () => {
    expect(nav('/blog/some-post', '/blog')).toBe(true);
    expect(nav('/blog/some-post', '/blog', true)).toBe(false);
  });

  it('does not mark other pages, nor a link whose path only begins the same way', () => {
    expect(nav('/financing', '/vehicles')).toBe(false);
    expect(nav('/vehicles-for-sale', '/vehicles')).toBe(false);
    expect(nav('/vehicles', '/')).toBe(false);
    expect(nav('/', '/')).toBe(true);
  });
});
