// The stranger's HTTP client. It runs inside the network namespace that netns.ts made
// (`ip netns exec <ns> node stranger-agent.mjs`), so every request it sends leaves from the
// stranger's own address over the veth pair, to the one address it is told (the host end).
// Plain JavaScript: Node runs it without a TypeScript loader in the namespace.
//
// Protocol: one JSON command per line on stdin, one JSON answer per line on stdout.
//   { id, op: 'request', host, port, req: { method, path, headers, body | bodyBase64 } }
//     -> { id, response: { status, headers, body, bodyBase64 } }   (the body as text, and as sent)
//   { id, op: 'flood', host, port, requests: [req...], concurrency }
//     -> { id, results: [{ status, retryAfter, code, ms }] }   (in the order given)
// Errors answer { id, error: message }.
import http from 'node:http';
import readline from 'node:readline';

function send(agent, host, port, req) {
  const payload =
    req.bodyBase64 !== undefined ? Buffer.from(req.bodyBase64, 'base64') : req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  const headers = { ...req.headers };
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const r = http.request({ host, port, method: req.method ?? 'GET', path: req.path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bodyBase64: bytes.toString('base64') });
      });
    });
    r.on('error', reject);
    if (payload !== undefined) r.write(payload);
    r.end();
  });
}

function codeOf(body) {
  try {
    return JSON.parse(body).code ?? null;
  } catch {
    return null;
  }
}

async function flood(host, port, requests, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const results = Array.from({ length: requests.length });
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const i = next++;
      const started = performance.now();
      try {
        const res = await send(agent, host, port, requests[i]);
        results[i] = { status: res.status, retryAfter: res.headers['retry-after'] ?? null, code: codeOf(res.body), ms: performance.now() - started };
      } catch (err) {
        results[i] = { status: 0, retryAfter: null, code: String(err?.code ?? err), ms: performance.now() - started };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, requests.length)) }, worker));
  agent.destroy();
  return results;
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (!line.trim()) return;
  const cmd = JSON.parse(line);
  const work =
    cmd.op === 'request'
      ? send(false, cmd.host, cmd.port, cmd.req).then((response) => ({ response }))
      : cmd.op === 'flood'
        ? flood(cmd.host, cmd.port, cmd.requests, cmd.concurrency ?? 10).then((results) => ({ results }))
        : Promise.reject(new Error(`unknown op ${cmd.op}`));
  work.then(
    (answer) => process.stdout.write(`${JSON.stringify({ id: cmd.id, ...answer })}\n`),
    (err) => process.stdout.write(`${JSON.stringify({ id: cmd.id, error: String(err?.message ?? err) })}\n`),
  );
});
lines.on('close', () => process.exit(0));
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
