import { describe, expect, it } from 'vitest';
import { deviceFromHeaders, priorityPhotoLoading } from './page-render';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID_FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
const IPAD_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('deviceFromHeaders (issue 35: a phone’s first screen)', () => {
  it('believes the Sec-CH-UA-Mobile client hint where the browser sends one', () => {
    expect(deviceFromHeaders({ 'sec-ch-ua-mobile': '?1', 'user-agent': ANDROID_CHROME })).toBe('phone');
    expect(deviceFromHeaders({ 'sec-ch-ua-mobile': '?0', 'user-agent': ANDROID_TABLET })).toBe('other');
    // The hint wins over a user agent that says otherwise (Chrome's "desktop site" on a phone sends ?0).
    expect(deviceFromHeaders({ 'sec-ch-ua-mobile': '?0', 'user-agent': ANDROID_CHROME })).toBe('other');
  });

  it('reads the user agent where there is no hint (Safari, Firefox): phones say "Mobi", tablets do not', () => {
    expect(deviceFromHeaders({ 'user-agent': IPHONE_SAFARI })).toBe('phone');
    expect(deviceFromHeaders({ 'user-agent': ANDROID_FIREFOX })).toBe('phone');
    expect(deviceFromHeaders({ 'user-agent': IPAD_SAFARI })).toBe('other');
    expect(deviceFromHeaders({ 'user-agent': ANDROID_TABLET })).toBe('other');
    expect(deviceFromHeaders({})).toBe('other');
  });
});

describe('priorityPhotoLoading (spec §9: the first 6 cards get image priority)', () => {
  it('loads the priority photos after the first at once on wider screens, and as they come near on a phone', () => {
    expect(priorityPhotoLoading('other')).toBe('eager');
    expect(priorityPhotoLoading('phone')).toBe('lazy');
  });
});
