/**
 * An HTTP/2 front for the benchmarks' Lighthouse runs (BENCH_LIGHTHOUSE_HTTP2=1): TLS with a self-signed certificate
 * made for the run (openssl), each request passed on to the product's server over HTTP/1.1 and its answer streamed
 * back as is (the server's own compression included). docs/DEPLOYMENT.md serves the SPA over HTTP/2 behind nginx;
 * Lighthouse's simulation models the protocol it observed, so against the plain server it models a phone on HTTP/1.1
 * (six connections, each small script a round trip in a queue) and here the deployment's one multiplexed connection.
 * A benchmark aid, never part of the product.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Headers of one hop only (and HTTP/2's pseudo-headers), never passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host', 'http2-settings']);

function passOn(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)));
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-h2-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], {
      stdio: 'ignore',
    });
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the front for `target` (http://host:port) on a free port; `origin` is its https address. */
export async function startHttp2Proxy(target: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server = createSecureServer(selfSignedCertificate(), (incoming: Http2ServerRequest, outgoing: Http2ServerResponse) => {
    const forwarded = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...passOn(incoming.headers), host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, passOn(answer.headers));
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
