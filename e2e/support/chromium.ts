import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (it plays H.264 and VP9); Playwright's own browser download is not used. */
export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: process.env.TIDEMARK_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
  };
}
