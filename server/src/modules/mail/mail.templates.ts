/**
 * The shop's e-mails: each as a subject, a plain-text body and an HTML body.
 * Everything that comes from a person (names, addresses) is escaped in HTML.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(shopName: string, heading: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569">If the button does not work, open this address: <br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;border:1px solid #e2e8f0">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${button}
<p style="font-size:13px;color:#64748b;margin-top:24px">${escapeHtml(shopName)}</p>
</div></body></html>`;
}

function text(shopName: string, paragraphs: string[], action?: { label: string; url: string }): string {
  return [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', `-- ${shopName}`].join('\n\n');
}

function mail(shopName: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): MailContent {
  return { subject, text: text(shopName, paragraphs, action), html: layout(shopName, subject, paragraphs, action) };
}

export function verificationMail(shopName: string, name: string, url: string): MailContent {
  return mail(
    shopName,
    `Verify your email for ${shopName}`,
    [`Hello ${name},`, `Please confirm this email address to finish creating your ${shopName} account. The link works for 24 hours.`],
    { label: 'Verify my email', url },
  );
}

export function emailChangeMail(shopName: string, name: string, newEmail: string, url: string): MailContent {
  return mail(
    shopName,
    `Confirm your new email for ${shopName}`,
    [
      `Hello ${name},`,
      `You asked to use ${newEmail} for your ${shopName} account. Your email changes once you confirm it; until then you keep signing in with the old one. The link works for 24 hours.`,
      'If you did not ask for this, ignore this message.',
    ],
    { label: 'Confirm my new email', url },
  );
}

export function passwordResetMail(shopName: string, name: string, url: string): MailContent {
  return mail(
    shopName,
    `Reset your ${shopName} password`,
    [`Hello ${name},`, 'Someone (we hope you) asked to reset the password of your account. The link works for 1 hour.', 'If you did not ask for this, ignore this message: your password stays as it is.'],
    { label: 'Choose a new password', url },
  );
}
