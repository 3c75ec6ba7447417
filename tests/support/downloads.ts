/**
 * Files a page hands to the browser (Export CSV): jsdom neither makes object URLs nor follows a
 * download link, so each object URL's Blob is kept and caught when its link is clicked.
 */
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

export interface Download {
  /** The link's `download` name. */
  name: string;
  blob: Blob;
}

/** Call at the top of a test file: the returned list holds the current test's downloads. */
export function captureDownloads(): readonly Download[] {
  const downloads: Download[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  let click: MockInstance | undefined;
  beforeEach(() => {
    downloads.length = 0;
    const blobs = new Map<string, Blob>();
    let made = 0;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        made += 1;
        blobs.set(`blob:test/${made}`, blob);
        return `blob:test/${made}`;
      },
      revokeObjectURL: (url: string) => blobs.delete(url),
    });
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) downloads.push({ name: this.download, blob });
    });
  });
  afterEach(() => {
    click?.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
  return downloads;
}

/** A downloaded CSV's records (CRLF-separated), the byte order mark dropped. */
export async function csvRecordsOf(download: Download | undefined): Promise<string[]> {
  const text = (await download?.blob.text()) ?? '';
  return text.split('\r\n').filter(Boolean);
}
