import { ONE_CLICK_BODY } from '@aesa/shared/notifications';

// RFC 8058 lets a mail client send the one-click body as multipart/form-data (which it prefers)
// or form-encoded. Either way the body must be exactly the one field List-Unsubscribe=One-Click.

/** Whether a form-encoded body is exactly the one-click field. */
export function isOneClickForm(body: string): boolean {
  return body.trim() === ONE_CLICK_BODY;
}

/** Whether a multipart/form-data body (with the boundary of its content type) is exactly the one-click field. */
export function isOneClickMultipart(body: string, contentType: string): boolean {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return false;
  const parts = body.split(`--${mark}`).slice(1);
  // One part, then the closing "--".
  if (parts.length !== 2 || !parts[1]!.startsWith('--')) return false;
  const [head, ...value] = parts[0]!.replace(/^\r\n/, '').split('\r\n\r\n');
  const name = /content-disposition:\s*form-data;\s*name="([^"]*)"/i.exec(head ?? '')?.[1];
  return name === 'List-Unsubscribe' && value.join('\r\n\r\n').replace(/\r\n$/, '') === 'One-Click';
}
