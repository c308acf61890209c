import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '@freight/shared';
import type { MailJob } from '../mail/service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A short security email: a greeting, what happened, one button, and what to do if it was not them. */
function layout(o: {
  name: string;
  lines: string[];
  action?: { label: string; url: string };
  footer: string;
}) {
  const hi = `Hello ${o.name},`;
  const text = [
    hi,
    '',
    ...o.lines,
    ...(o.action ? ['', `${o.action.label}: ${o.action.url}`] : []),
    '',
    o.footer,
    '',
    'FreightConnect',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c;max-width:560px">
<p>${escapeHtml(hi)}</p>
${o.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${
  o.action
    ? `<p><a href="${escapeHtml(o.action.url)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(o.action.label)}</a></p>
<p style="font-size:12px;color:#4a5568">Or open this link: ${escapeHtml(o.action.url)}</p>`
    : ''
}
<p style="font-size:12px;color:#4a5568">${escapeHtml(o.footer)}</p>
<p>FreightConnect</p>
</body></html>`;
  return { text, html };
}

export function verificationEmail(to: string, name: string, url: string, dedupeKey: string): MailJob {
  return {
    dedupeKey,
    to,
    subject: 'Verify your email address for FreightConnect',
    ...layout({
      name,
      lines: [
        'Please confirm that this is your email address. Until you do, you can set up your account but not post, book or make offers.',
        `The link works for ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
      ],
      action: { label: 'Verify my email', url },
      footer: 'If you did not create a FreightConnect account, ignore this email.',
    }),
  };
}

export function passwordResetEmail(to: string, name: string, url: string, dedupeKey: string): MailJob {
  return {
    dedupeKey,
    to,
    subject: 'Reset your FreightConnect password',
    ...layout({
      name,
      lines: [
        'Someone asked to reset the password of your FreightConnect account. Choose a new password with the link below.',
        `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. Resetting the password signs out every other device.`,
      ],
      action: { label: 'Choose a new password', url },
      footer: 'If you did not ask for this, ignore this email: your password stays as it is.',
    }),
  };
}

export function passwordChangedEmail(to: string, name: string, dedupeKey: string): MailJob {
  return {
    dedupeKey,
    to,
    subject: 'Your FreightConnect password was changed',
    ...layout({
      name,
      lines: ['The password of your FreightConnect account was just reset, and every device was signed out.'],
      footer: 'If this was not you, reset your password again at once and contact support.',
    }),
  };
}

export function signInAlertEmail(
  to: string,
  name: string,
  device: string,
  ip: string,
  securityUrl: string,
  dedupeKey: string,
): MailJob {
  return {
    dedupeKey,
    to,
    subject: 'New sign-in to your FreightConnect account',
    ...layout({
      name,
      lines: [
        `Your account was just signed in to from a new device: ${device}, from the address ${ip}, at ${new Date().toUTCString()}.`,
        'If this was you, there is nothing to do.',
      ],
      action: { label: 'Review your signed-in devices', url: securityUrl },
      footer: 'If this was not you, end that session from the page above and reset your password at once.',
    }),
  };
}
