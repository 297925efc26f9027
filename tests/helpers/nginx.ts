// nginx in front of a test server: Debian's nginx (nginx-light is enough), installed with apt when
// missing and the tests run as root, started in the foreground with a site configuration and
// everything it writes (pid, logs, temporary files) in a directory of its own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * A program from one of Debian's packages: the first of `paths` that exists, after installing
 * `pkg` with apt when none does and the tests run as root; null when it cannot be had.
 */
export function debianBinary(paths: string[], pkg: string): string | null {
  const find = () => paths.find((p) => existsSync(p)) ?? null;
  if (find() || process.getuid?.() !== 0) return find();
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch {
    return null;
  }
  return find();
}

/** The nginx binary, installed from apt when missing (as root); null when it cannot be had. */
function nginxBinary(): string | null {
  return debianBinary(['/usr/sbin/nginx', '/usr/bin/nginx'], 'nginx-light');
}

export interface Nginx {
  process: ChildProcess;
  /** Stops it gracefully (SIGQUIT) and waits for its exit. */
  stop(): Promise<void>;
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * Writes `site` (a server block or more, as in /etc/nginx/sites-enabled/) into `dir` inside what
 * Debian's /etc/nginx/nginx.conf gives a site, checks it with `nginx -t`, starts nginx and
 * resolves once `port` accepts connections.
 */
export async function startNginx(dir: string, site: string, port: number): Promise<Nginx> {
  const bin = nginxBinary();
  if (!bin) throw new Error('nginx is missing and could not be installed: apt-get install nginx-light (as root)');
  await writeFile(path.join(dir, 'site.conf'), site);
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  execFileSync(bin, ['-t', '-q', ...args], { stdio: 'pipe' });
  const child = spawn(bin, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 20_000;
  while (!(await connects(port))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    process: child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
