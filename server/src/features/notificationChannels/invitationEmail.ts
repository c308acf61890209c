import type { MailJob } from '../mail/service';

// Its own module, apart from emails.ts: the companies projector is loaded at start, and emails.ts brought the
// load-document code in with it, which left Redis calls unsettled when a test app closed right after starting.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * An invitation to join a company (issue 28), to an address that may have no account yet: no unsubscribe (nothing
 * to unsubscribe from), the link to the join screen, who invited and for how long it works.
 */
export function companyInvitationEmail(o: {
  to: string;
  companyName: string;
  invitedBy: string;
  roleLabel: string;
  url: string;
  expiresAt: string;
  dedupeKey: string;
}): MailJob {
  const company = o.companyName || 'A company';
  const until = new Date(o.expiresAt).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });
  const lines = [
    `${o.invitedBy} invites you to join ${company} on FreightConnect as ${o.roleLabel}.`,
    `Sign in or create an account with this email address (${o.to}), then join. The link works once, until ${until}.`,
  ];
  const footer = 'If you do not know this company, ignore this email: nothing happens unless you join.';
  const text = [
    'Hello,',
    '',
    ...lines,
    '',
    `Join ${company}: ${o.url}`,
    '',
    footer,
    '',
    'FreightConnect',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c;max-width:560px">
<p>Hello,</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(o.url)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(`Join ${company}`)}</a></p>
<p style="font-size:12px;color:#4a5568">Or open this link: ${escapeHtml(o.url)}</p>
<p style="font-size:12px;color:#4a5568">${escapeHtml(footer)}</p>
<p>FreightConnect</p>
</body></html>`;
  return { dedupeKey: o.dedupeKey, to: o.to, subject: `Join ${company} on FreightConnect`, text, html };
}
