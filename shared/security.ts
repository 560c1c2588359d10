// Content-Security-Policy for the renderer: no inline or remote scripts, media only from the app.
// video.js sets inline styles, hence 'unsafe-inline' for styles only.

export function contentSecurityPolicy(options: { mediaScheme?: string } = {}): string {
  const media = options.mediaScheme ? `'self' ${options.mediaScheme}: blob:` : `'self' blob:`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${options.mediaScheme ? ` ${options.mediaScheme}:` : ''}`,
    `media-src ${media}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "worker-src 'self' blob:",
  ].join('; ');
}

/** External links the app may hand to the OS browser: https only, to known documentation hosts. */
const EXTERNAL_LINK_HOSTS: readonly string[] = ['github.com', 'arxiv.org', 'huggingface.co', 'ffmpeg.org'];

export function isAllowedExternalUrl(url: string, hosts: readonly string[] = EXTERNAL_LINK_HOSTS): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  return hosts.some((host) => parsed.hostname === host || parsed.hostname.endsWith(`.${host}`));
}
