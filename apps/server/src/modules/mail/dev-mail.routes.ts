import type { FastifyInstance } from 'fastify';
import { devMailboxOn } from '../../config.ts';
import { dateTimeText } from '../../lib/date-text.ts';
import { isDirectLoopback } from '../../lib/direct-loopback.ts';
import { latestOutbox } from './mail.queries.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * The outbox as a page, so a newcomer on the embedded default can register without a mail
 * server. It holds live set-password and reset links, so it answers only the operator's own
 * browser (a direct loopback request) while the dev mailbox is on; everyone else, and everyone
 * when it is off, gets the site's not-found page with a 404.
 */
export async function devMailRoutes(app: FastifyInstance) {
  app.get('/dev/mail', { config: { access: 'public' } }, async (request, reply) => {
    if (!devMailboxOn(app.config) || !isDirectLoopback(request)) {
      reply.code(404); // the site's not-found page, with a 404 status (an unknown page's is 200)
      return reply.callNotFound();
    }
    const rows = await latestOutbox(app.db, 100);
    const items = rows
      .map(
        (m) => `<article><h2>${escape(m.subject)}</h2><p class="meta">To ${escape(m.to_address)} · <time datetime="${m.created_at.toISOString()}">${escape(dateTimeText(app.config, m.created_at))}</time> · ${escape(m.status)}</p><pre>${linkify(m.text_body ?? '(sent: the text is not kept)')}</pre></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0b1f3a}article{border:1px solid #cbd5e1;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-word}.meta{color:#475569;font-size:.9rem}</style></head>
<body><main><h1>Outbox</h1><p>Mail the portal would send. Shown only on this machine while no mail server is set; set SMTP_URL to send real mail.</p>${items || '<p>No mail yet.</p>'}</main></body></html>`;
  });
}
