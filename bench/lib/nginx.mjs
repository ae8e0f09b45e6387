// nginx as the benchmarks' reference server: one worker, sendfile, everything it writes kept in `dir`.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `dir`/nginx.conf with `http` (directives and server blocks inside its http block) and starts
 * nginx on it in the foreground; answers the child. Run as root, the worker runs as root too: the files it
 * serves are the app's (DATA_DIR is 0700, files 0600), read as the same user.
 */
export function startNginx(dir, http) {
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`,
  );
  return spawn('nginx', ['-c', conf, '-p', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PATH: `${process.env.PATH ?? ''}:/usr/sbin` },
  });
}

/** Waits until `url` answers a HEAD with 2xx (20 s at most). */
export async function waitFor(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url, { method: 'HEAD' })).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}
