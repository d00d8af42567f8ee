// Notifications through the real app (spec §2 bell, §4, §7; issue 5): a user reads and changes only their own;
// the inventory events create price_drop, sold and saved-search notices; opted-in kinds are emailed with a working
// unsubscribe link.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, notifications, outboxMessages, savedSearches, savedVehicles, vehicles } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { vehicleNotices } from './vehicle-events';
import { notify } from './notify';

let t: TestContext;
beforeAll(async () => { t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.ca' } }); });
afterAll(() => t.close());

const get = (s: Session) => t.app.inject({ method: 'GET', url: '/api/notifications', headers: s.bearer });
const call = (s: Session | null, method: 'POST' | 'DELETE', url: string) => t.app.inject({ method, url, headers: s?.bearer ?? {} });

async function userWithNotes(n = 2) {
  const u = await t.createUser();
  await notify(t.db, t.app.config.publicUrl, Array.from({ length: n }, (_, i) => ({ userId: u.id, type: 'info' as const, event: 'test.note', title: `Note ${i + 1}`, message: `Message ${i + 1}` })));
  return { u, s: await loginAs(t.app, u) };
}

describe('notification API', () => {
  it('401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/notifications/mark-all-read')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/notifications/1/mark-read')).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/api/notifications/1')).statusCode).toBe(401);
  });

  it('lists my notifications newest first, with read flags (spec §3 fields)', async () => {
    const { s } = await userWithNotes(2);
    const res = await get(s);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ type: 'info', title: expect.any(String), message: expect.any(String), read: false, createdAt: expect.any(String) });
  });

  it('marks one read, all read, and deletes for real', async () => {
    const { s } = await userWithNotes(3);
    const [a, b] = (await get(s)).json();
    expect((await call(s, 'POST', `/api/notifications/${a.id}/mark-read`)).statusCode).toBe(200);
    expect((await get(s)).json().find((n: { id: number }) => n.id === a.id).read).toBe(true);
    const all = await call(s, 'POST', '/api/notifications/mark-all-read');
    expect(all.json()).toEqual({ message: 'All notifications marked as read', updated: 2 });
    expect((await get(s)).json().every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await call(s, 'DELETE', `/api/notifications/${b.id}`)).statusCode).toBe(200);
    expect((await get(s)).json().map((n: { id: number }) => n.id)).not.toContain(b.id);
    expect(await t.db.select().from(notifications).where(eq(notifications.id, b.id))).toHaveLength(0);
  });

  it('never lets a user read, mark or delete another user\'s notification (404 like a missing one)', async () => {
    const owner = await userWithNotes(1);
    const other = await userWithNotes(0);
    const [note] = (await get(owner.s)).json();
    expect((await get(other.s)).json()).toEqual([]);
    expect((await call(other.s, 'POST', `/api/notifications/${note.id}/mark-read`)).statusCode).toBe(404);
    expect((await call(other.s, 'DELETE', `/api/notifications/${note.id}`)).statusCode).toBe(404);
    await call(other.s, 'POST', '/api/notifications/mark-all-read');
    const [after] = (await get(owner.s)).json();
    expect(after).toMatchObject({ id: note.id, read: false });
  });

  it('400 for a malformed id', async () => {
    const { s } = await userWithNotes(0);
    const res = await call(s, 'POST', '/api/notifications/abc/mark-read');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.id).toBe('id must be a number');
  });
});

describe('notifications from inventory events', () => {
  // The subscriber the vehicle write API publishes committed changes to (modules/vehicles/commands.ts).
  const notices = () => vehicleNotices(t.db, t.app.config.publicUrl);

  it('a price drop notifies everyone who saved the vehicle, with the old and new price; a rise notifies nobody', async () => {
    const v = await t.createVehicle({ price: 32_000 });
    const saver = await t.createUser();
    const bystander = await t.createUser();
    await t.db.insert(savedVehicles).values({ userId: saver.id, vehicleId: v.id, originalPrice: 32_000 });
    await t.db.update(vehicles).set({ price: 30_500 }).where(eq(vehicles.id, v.id));
    await notices()([{ type: 'price-changed', vehicleId: v.id, previousPrice: 32_000, price: 30_500 }]);
    const [note] = (await get(await loginAs(t.app, saver))).json();
    expect(note).toMatchObject({ type: 'price_drop', event: 'saved_vehicle.price_drop', vehicleId: v.id, link: `/vehicles/${v.id}`, read: false });
    expect(note.message).toBe('The 2021 Ford F-150 XLT you saved is now $30,500, down $1,500 from $32,000.');
    expect(note.data).toMatchObject({ previousPrice: 32_000, price: 30_500 });
    expect((await get(await loginAs(t.app, bystander))).json()).toEqual([]);

    await notices()([{ type: 'price-changed', vehicleId: v.id, previousPrice: 30_500, price: 31_000 }]);
    expect((await get(await loginAs(t.app, saver))).json()).toHaveLength(1);
  });

  it('a saved vehicle sold notifies its savers once', async () => {
    const v = await t.createVehicle();
    const saver = await t.createUser();
    await t.db.insert(savedVehicles).values({ userId: saver.id, vehicleId: v.id });
    await notices()([{ type: 'status-changed', vehicleId: v.id, previousStatus: 'available', status: 'sold' }]);
    await notices()([{ type: 'status-changed', vehicleId: v.id, previousStatus: 'sold', status: 'sold' }]);
    const list = (await get(await loginAs(t.app, saver))).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ event: 'saved_vehicle.sold', link: '/saved' });
  });

  it('a newly listed vehicle that matches a saved search notifies its owner', async () => {
    const u = await t.createUser();
    await t.db.insert(savedSearches).values([
      { userId: u.id, name: 'Cheap trucks', filters: { makes: ['ford'], bodyTypes: ['Truck'], priceMax: 35_000 } },
      { userId: u.id, name: 'Minivans', filters: { bodyTypes: ['Minivan'] } },
    ]);
    const v = await t.createVehicle({ price: 29_900 });
    await notices()([{ type: 'listed', vehicleIds: [v.id] }]);
    const list = (await get(await loginAs(t.app, u))).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ event: 'saved_search.match', title: 'New match for “Cheap trucks”', link: `/vehicles/${v.id}` });
  });

  it('emails only the kinds a user opted into, with unsubscribe links that turn that kind off', async () => {
    const v = await t.createVehicle({ price: 20_000 });
    const optedIn = await t.createUser();
    const optedOut = await t.createUser();
    await t.db.insert(notificationPreferences).values({ userId: optedIn.id, emailPriceDrop: true });
    await t.db.insert(savedVehicles).values([{ userId: optedIn.id, vehicleId: v.id }, { userId: optedOut.id, vehicleId: v.id }]);
    await notices()([{ type: 'price-changed', vehicleId: v.id, previousPrice: 20_000, price: 19_000 }]);

    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.category, 'notification')).orderBy(desc(outboxMessages.id));
    expect(mails.filter((m) => m.userId === optedOut.id)).toHaveLength(0);
    const mail = mails.find((m) => m.userId === optedIn.id)!;
    expect(mail.toAddress).toBe(optedIn.email);
    expect(mail.text).toContain(`https://shop.example.ca/vehicles/${v.id}`);
    const token = /Stop emails like this one: https:\/\/shop\.example\.ca\/unsubscribe\?token=(\S+)/.exec(mail.text)![1]!;

    const res = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: decodeURIComponent(token) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().turnedOff).toBe('A vehicle I saved drops in price');
    const [prefs] = await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, optedIn.id));
    expect(prefs!.emailPriceDrop).toBe(false);
    // Opening it again is fine.
    expect((await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: decodeURIComponent(token) } })).statusCode).toBe(200);

    await notices()([{ type: 'price-changed', vehicleId: v.id, previousPrice: 19_000, price: 18_000 }]);
    const after = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.category, 'notification'), eq(outboxMessages.userId, optedIn.id)));
    expect(after).toHaveLength(1);
  });
});
