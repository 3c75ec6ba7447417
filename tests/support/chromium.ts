/**
 * Debian's Chromium as every browser run here starts it (e2e, screenshots, bench, Lighthouse):
 * no sandbox as root, no GPU, and none of the background connections this machine's closed
 * network refuses by the dozen.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
