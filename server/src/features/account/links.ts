/**
 * The origin the links in emails point at: PUBLIC_URL, else the URL this web process listens on. Never the request's
 * Host header, which whoever asks for a reset email chooses.
 */
let base = 'http://localhost:5000';

export function setLinkBase(url: string): void {
  base = url.replace(/\/+$/, '');
}

export function linkTo(pathAndQuery: string): string {
  return `${base}${pathAndQuery}`;
}
