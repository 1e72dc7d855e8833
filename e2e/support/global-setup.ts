import fs from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from '../../apps/server/test/support/smtp-sink.ts';

/**
 * Starts the mail catcher the server sends to (SMTP_URL in playwright.config.ts). Tests run in
 * other processes, so each message is written to E2E_MAIL_DIR as one JSON file they can read.
 */
export default async function globalSetup() {
  const mailDir = process.env.E2E_MAIL_DIR!;
  fs.mkdirSync(mailDir, { recursive: true });
  const sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT));

  let written = 0;
  const flush = () => {
    for (; written < sink.received.length; written++) {
      const mail = sink.received[written]!;
      const file = path.join(mailDir, `${String(written).padStart(5, '0')}.json`);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text, headers: headersOf(mail.raw) }));
      fs.renameSync(`${file}.tmp`, file);
    }
  };
  const timer = setInterval(flush, 50);

  return async () => {
    clearInterval(timer);
    await sink.close();
  };
}

/** The message's headers, by lower-case name, their folded lines joined (the last of a repeated one). */
function headersOf(raw: string): Record<string, string> {
  const head = raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
