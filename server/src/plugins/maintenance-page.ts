import { messages } from '@shared/messages';

/** The "developer needed" page shown to shoppers while MAINTENANCE_MODE is on. Self-contained: no scripts, no assets. */
export function maintenancePage(shopName: string): string {
  const name = shopName.replace(/[<>&"']/g, '');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${messages.maintenanceTitle} | ${name}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#0f172a;color:#e2e8f0;text-align:center;padding:1rem}
main{max-width:32rem}h1{font-size:2rem;margin:.5rem 0}p{line-height:1.6;color:#cbd5e1}.bot{font-size:4rem}</style></head>
<body><main><div class="bot" aria-hidden="true">🤖🔧</div><h1>${messages.maintenanceTitle}</h1>
<p>Our robots are tightening a few bolts on ${name}. The shop will be back shortly; please try again in a few minutes.</p>
<p>Are you a developer who loves robots? We could use a hand.</p></main></body></html>`;
}
