// The loaders' own answers (issue 31 §4): on the server a visitor's account page is a redirect from the loader, with
// no render; in the browser the loader leaves it to the route's guard and returns at once.
import { describe, expect, it } from 'vitest';
import { RouterContextProvider } from 'react-router';
import { createQueryClient } from './query-client';
import { currentUserQueryKey } from './auth';
import { pageLoadContext } from './page-loader';
import { loginLoader, profileLoader, savedLoader, staffLoginLoader } from '@/app/loaders';
import { leadsLoader } from '@/features/admin/page-loaders';

const SHOPPER = { id: 7, username: 'jordan', role: 'customer', isActive: true };

function run(loader: typeof profileLoader, url: string, server: boolean, user: typeof SHOPPER | null = null) {
  const queryClient = createQueryClient();
  // Who is signed in is known (nobody, or the shopper), so no request is made.
  queryClient.setQueryData(currentUserQueryKey, user);
  const context = new RouterContextProvider();
  context.set(pageLoadContext, { queryClient, server, sort: null });
  const request = new Request(`https://shop.example.ca${url}`);
  return (loader as (args: unknown) => Promise<unknown>)({ request, params: {}, context });
}

describe('route loaders for a visitor', () => {
  it('on the server, an account page\'s loader answers with the redirect to sign in, where it came from kept', async () => {
    const answer = await run(profileLoader, '/profile?tab=worksheets', true).catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get('location')).toBe('/login?redirect=%2Fprofile%3Ftab%3Dworksheets');
  });

  it('on the server, a back-office page\'s loader sends a visitor to the staff sign-in', async () => {
    const answer = await run(leadsLoader, '/admin/leads', true).catch((e: unknown) => e);
    expect((answer as Response).headers.get('location')).toBe('/admin-login?redirect=%2Fadmin%2Fleads');
  });

  it('a public page a visitor may use (the saved list) is no redirect', async () => {
    await expect(run(savedLoader, '/saved', true)).resolves.toBeNull();
  });

  it('in the browser, the loader leaves the redirect to the route\'s guard', async () => {
    await expect(run(profileLoader, '/profile', false)).resolves.toBeNull();
  });
});

describe('the sign-in pages for a shopper already signed in', () => {
  it('on the server, /login sends them on to its safe redirect, or home', async () => {
    const onward = await run(loginLoader, '/login?redirect=%2Fsaved', true, SHOPPER).catch((e: unknown) => e);
    expect((onward as Response).headers.get('location')).toBe('/saved');
    const offSite = await run(loginLoader, '/login?redirect=https%3A%2F%2Fevil.example', true, SHOPPER).catch((e: unknown) => e);
    expect((offSite as Response).headers.get('location')).toBe('/');
  });

  it('the staff sign-in lets a signed-in customer switch accounts (no redirect), and a visitor sign in', async () => {
    await expect(run(staffLoginLoader, '/admin-login', true, SHOPPER)).resolves.toBeNull();
    await expect(run(loginLoader, '/login', true)).resolves.toBeNull();
  });
});
