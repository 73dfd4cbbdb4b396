// Starts test/support/sandbox-process.ts in a process of its own and reads its handle from its
// output: benchmarks that measure the core's memory must not count the sandbox's (so nothing of the
// server is loaded here). Its control secret is remembered for controlHeaders (control-secrets.ts),
// which the staff sign-in helpers send.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { StartSandboxOptions, StaffAccountWithPassword } from '../../server/index.js';
import { controlHeaders, rememberControlSecret } from './control-secrets.js';

/** What the sandbox process writes of itself. */
export interface SandboxChildHandle {
  url: string;
  clientId: string;
  clientSecret: string;
  partnerId: string;
  /** The staff sign-in's OpenID Connect issuer. */
  issuer: string;
  controlSecret: string | null;
  /** The demo partner's capturer, reviewer and admin with their generated passwords. */
  staff: StaffAccountWithPassword[];
}

export interface SandboxChild extends SandboxChildHandle {
  /** The headers its /sandbox/v1 control API asks for. */
  controlHeaders: Record<string, string>;
  pid: number;
  stop(): void;
}

const HANDLE = /^Sandbox handle: (.+)$/;

/** `options` (JSON only: no clock, no functions) are merged over the process's raised rate limit. */
export async function startSandboxChild(
  dataDir: string,
  options: Omit<StartSandboxOptions, 'port' | 'dataDir'> = {},
): Promise<SandboxChild> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/sandbox-process.ts', dataDir, JSON.stringify(options)],
    // stdin stays open while this process lives: the sandbox ends when it closes.
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const handle = await new Promise<SandboxChildHandle>((resolve, reject) => {
    child.on('exit', () => reject(new Error('sandbox exited')));
    lines.on('line', (line) => {
      const m = HANDLE.exec(line);
      if (m) resolve(JSON.parse(m[1]!) as SandboxChildHandle);
    });
  });
  rememberControlSecret(handle);
  return {
    ...handle,
    controlHeaders: controlHeaders(handle.url),
    pid: child.pid!,
    stop: () => child.kill('SIGTERM'),
  };
}
