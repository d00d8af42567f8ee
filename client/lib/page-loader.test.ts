// The loaders' own answers (issue 31 §4): on the server a visitor's account page is a redirect from the loader, with
// no render; in the browser the loader leaves it to the route's guard and returns at once.
import { describe, expect, it } from 'vitest';
import { RouterContextProvider } from 'react-router';
import { createQueryClient } from './query-client';
import { currentUserQueryKey } from './auth';
import { pageLoadContext } from './page-loader';
import { profileLoader, savedLoader } from '@/app/loaders';
import { leadsLoader } from '@/features/admin/page-loaders';

function run(loader: typeof profileLoader, url: string, server: boolean) {
  const queryClient = createQueryClient();
  // Nobody is signed in: the current user is known (null), so no request is made.
  queryClient.setQueryData(currentUserQueryKey, null);
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
