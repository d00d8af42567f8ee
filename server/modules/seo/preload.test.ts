// First-load speed (issue 3 "Lighthouse", domain/page-preload.ts): the first HTML of the shopping pages carries
// the API answers their first screen reads (exactly as the API gives them to this visitor) and a preload of their
// largest image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PRELOAD_ELEMENT_ID, type PreloadedAnswer } from '@domain/page-preload';
import { createTestAppWithClient, loginAs, type TestContext } from '../../test/helpers';

let t: TestContext;
let truck: number;

beforeAll(async () => {
  t = await createTestAppWithClient();
  truck = (await t.createVehicle({ photos: 2, price: 45_000 })).id;
  await t.createVehicle({ make: 'Honda', model: 'Civic', bodyType: 'Sedan', price: 24_500, photos: 1 });
});
afterAll(async () => {
  await t?.close();
});

const page = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const api = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

function embedded(html: string): PreloadedAnswer[] {
  const m = new RegExp(`<script type="application/json" id="${API_PRELOAD_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return m ? (JSON.parse(m[1]!) as PreloadedAnswer[]) : [];
}
const imagePreloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image" imagesrcset="([^"]+)" imagesizes="([^"]+)" type="([^"]+)" fetchpriority="high" \/>/g)].map((m) => ({ srcset: m[1]!, sizes: m[2]!, type: m[3]! }));

describe('embedded API answers', () => {
  it('gives the listing its first page and facets exactly as the API answers them, and a visitor their 401', async () => {
    const res = await page('/vehicles');
    expect(res.statusCode).toBe(200);
    const answers = embedded(res.body);
    expect(answers.map((a) => a.url.split('?')[0])).toEqual(['/api/auth/user', '/api/vehicles', '/api/vehicles/facets']);
    for (const a of answers) {
      const live = await api(a.url);
      expect(a.status, a.url).toBe(live.statusCode);
      expect(a.body, a.url).toEqual(live.json());
    }
    const list = answers[1]!.body as { vehicles: { id: number }[] };
    expect(list.vehicles.map((v) => v.id)).toContain(truck);
    expect(answers[0]!.status).toBe(401);
  });

  it("embeds a signed-in shopper's own answer, and keeps that page out of shared caches", async () => {
    const user = await t.createUser({ username: 'preload-shopper' });
    const { cookie } = await loginAs(t.app, user);
    const res = await page('/vehicles', cookie);
    const [auth] = embedded(res.body);
    expect(auth).toMatchObject({ url: '/api/auth/user', status: 200 });
    expect(JSON.stringify(auth!.body)).toContain('preload-shopper');
    expect(res.headers['cache-control']).toMatch(/private/);
  });

  it('gives the vehicle page its vehicle, and a missing vehicle nothing but the visitor check', async () => {
    const answers = embedded((await page(`/vehicles/${truck}`)).body);
    expect(answers.map((a) => a.url)).toEqual(['/api/auth/user', `/api/vehicles/${truck}`]);
    expect(answers[1]!.body).toEqual((await api(`/api/vehicles/${truck}`)).json());
    expect(embedded((await page('/vehicles/999999')).body).map((a) => a.url)).toEqual(['/api/auth/user']);
  });

  it('cannot be broken out of: the data block escapes markup characters', async () => {
    const { id } = await t.createVehicle({ make: 'Kia', model: 'Soul', photos: 1, description: '</script><script>alert(1)</script>' });
    const res = await page(`/vehicles/${id}`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect((embedded(res.body)[1]!.body as { description: string }).description).toBe('</script><script>alert(1)</script>');
  });
});

describe('preloads', () => {
  it("preloads the first card's cover photo on the listing and the gallery's on the vehicle page, as <picture> asks for them", async () => {
    const listing = (await api('/api/vehicles?format=paginated')).json() as { vehicles: { photos: { variants: { url: string; format: string }[] }[] }[] };
    const [card] = imagePreloads((await page('/vehicles')).body);
    // <picture> offers AVIF first when the photo has it, so that is the file the browser will want.
    const firstAvif = listing.vehicles[0]!.photos[0]!.variants.find((v) => v.format === 'avif')!.url;
    expect(card).toMatchObject({ sizes: '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw', type: 'image/avif' });
    expect(card!.srcset).toContain(firstAvif);
    expect(card!.srcset).not.toContain('.webp');
    const [gallery] = imagePreloads((await page(`/vehicles/${truck}`)).body);
    expect(gallery).toMatchObject({ sizes: '(min-width: 1024px) 60vw, 100vw' });
    expect(imagePreloads((await page('/')).body)[0]!.srcset).toMatch(/hero-prairie-suv-800\.webp 800w/);
  });

  it('places the image preload early and the embedded answers after the entry script', async () => {
    const home = (await page('/')).body;
    expect(home.indexOf('as="image"')).toBeLessThan(home.indexOf('src="/assets/index-abc.js"'));
    const listing = (await page('/vehicles')).body;
    expect(listing.indexOf('id="api-preload"')).toBeGreaterThan(listing.indexOf('src="/assets/index-abc.js"'));
  });
});
