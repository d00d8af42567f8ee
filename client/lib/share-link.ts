// Sharing a link the way the device can (issue 57): the share sheet on a phone (`navigator.share`), else the
// clipboard. A person closing the share sheet has not failed: nothing more happens.

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The parts of `navigator` this uses, so a test can hand it a device with or without a share sheet. */
export interface ShareDevice {
  share?: (data: { title: string; url: string }) => Promise<void>;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

export const canShareSheet = (device: ShareDevice | undefined = typeof navigator === 'undefined' ? undefined : navigator) =>
  typeof device?.share === 'function';

export async function shareLink(data: { title: string; url: string }, device: ShareDevice = navigator): Promise<ShareOutcome> {
  if (typeof device.share === 'function') {
    try {
      await device.share(data);
      return 'shared';
    } catch (err) {
      if ((err as Error).name === 'AbortError') return 'cancelled';
      // A share sheet that refuses (no user gesture, a blocked type) still leaves the clipboard.
    }
  }
  try {
    if (!device.clipboard) return 'failed';
    await device.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
