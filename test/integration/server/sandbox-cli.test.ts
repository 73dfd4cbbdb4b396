// `npm run sandbox` (contract §11): the CLI prints the listening line with the real port and the
// demo partner's credentials, which work against the printed address.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getToken } from './helpers.js';
import { deskClient, signInWithDesk } from '../../support/oidc-login.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('sandbox CLI', () => {
  it('prints "Sandbox API listening on http://HOST:PORT" and usable demo credentials', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fica-sbx-cli-'));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli.ts',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--webhook-time-scale',
        '0.001',
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    try {
      let out = '';
      const ready = new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          if (/client secret: \S+/.test(out) && /^Staff sign-in .*admin@\S+ \/ \S+$/m.test(out)) resolve(out);
        });
        child.once('exit', (code) => reject(new Error(`CLI exited with ${code}: ${out}`)));
      });
      const text = await ready;
      const line = /^Sandbox API listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(text);
      expect(line).not.toBeNull();
      const url = line?.[1] ?? '';
      expect(Number(line?.[2])).toBeGreaterThan(0);
      const clientId = /client id: (\S+)/.exec(text)?.[1] ?? '';
      const secret = /client secret: (\S+)/.exec(text)?.[1] ?? '';
      const token = await getToken(url, clientId, secret);
      const res = await fetch(`${url}/api/v1/settings/partner`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);

      // One line per staff account, whose password signs in through the printed issuer.
      const staff = [...text.matchAll(/^Staff sign-in \((\S+)\): (\S+) \/ (\S+)$/gm)];
      expect(staff.map((m) => m[2])).toEqual([
        'capturer@demo.partner.example',
        'reviewer@demo.partner.example',
        'admin@demo.partner.example',
      ]);
      const [, issuer, email, password] = staff[1]!;
      expect(issuer).toBe(`${url}/oidc`);
      expect((await signInWithDesk(await deskClient(issuer!), email!, password!)).roles).toEqual([
        'reviewer',
      ]);
      // The provider's notices about its defaults (stdout) and warnings (stderr) are not printed.
      expect(out).not.toContain('oidc-provider');
      expect(errors).toBe('');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a bad flag value', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--port', 'abc'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/--port/);
  });
});
