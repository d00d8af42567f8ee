// issue 57: "Save and share" uses the share sheet where there is one, with the clipboard as the fallback.
import { describe, expect, it } from 'vitest';
import { canShareSheet, shareLink, type ShareDevice } from './share-link';

const link = { title: 'Deal worksheet', url: 'https://example.ca/deal-worksheets/abc' };
function device(opts: { share?: 'ok' | 'abort' | 'refuse'; clipboard?: 'ok' | 'refuse' }) {
  const seen: string[] = [];
  const d: ShareDevice = {
    ...(opts.share ? { share: async (data) => {
      seen.push(`share ${data.url}`);
      if (opts.share === 'abort') throw Object.assign(new Error('closed'), { name: 'AbortError' });
      if (opts.share === 'refuse') throw Object.assign(new Error('no'), { name: 'NotAllowedError' });
    } } : {}),
    ...(opts.clipboard ? { clipboard: { writeText: async (t: string) => { seen.push(`copy ${t}`); if (opts.clipboard === 'refuse') throw new Error('denied'); } } } : {}),
  };
  return { d, seen };
}

describe('shareLink', () => {
  it('opens the share sheet where the device has one', async () => {
    const { d, seen } = device({ share: 'ok', clipboard: 'ok' });
    expect(canShareSheet(d)).toBe(true);
    expect(await shareLink(link, d)).toBe('shared');
    expect(seen).toEqual([`share ${link.url}`]);
  });
  it('copies the link where there is no share sheet, or the sheet refuses', async () => {
    const none = device({ clipboard: 'ok' });
    expect(canShareSheet(none.d)).toBe(false);
    expect(await shareLink(link, none.d)).toBe('copied');
    const refused = device({ share: 'refuse', clipboard: 'ok' });
    expect(await shareLink(link, refused.d)).toBe('copied');
    expect(refused.seen).toEqual([`share ${link.url}`, `copy ${link.url}`]);
  });
  it('does nothing more when the shopper closes the sheet, and says when nothing worked', async () => {
    const closed = device({ share: 'abort', clipboard: 'ok' });
    expect(await shareLink(link, closed.d)).toBe('cancelled');
    expect(closed.seen).toEqual([`share ${link.url}`]);
    expect(await shareLink(link, device({ clipboard: 'refuse' }).d)).toBe('failed');
    expect(await shareLink(link, device({}).d)).toBe('failed');
  });
});
