// The floor for any proxy written on Node: a plain `http` server that pipes each request to one upstream
// over a keep-alive agent and pipes the answer back, nothing else (no routing, headers or security).
// bench/bff-throughput.mjs runs it as a pass of its own, so the BFF's ratio can be read against what a
// Node proxy costs on the same machine in the same run. Usage: node bench/bare-proxy.mjs <port> <upstream>
import http from 'node:http';

const [port, upstream] = [Number(process.argv[2]), new URL(process.argv[3])];
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
http
  .createServer((req, res) => {
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  })
  .listen(port, '127.0.0.1');
