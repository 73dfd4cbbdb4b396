// Starts test/support/sandbox-process.ts in a process of its own and reads its address and demo
// partner from its output: benchmarks that measure the core's memory must not count the sandbox's.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SandboxChild {
  url: string;
  clientId: string;
  clientSecret: string;
  pid: number;
  stop(): void;
}

const LINE = /^(Sandbox API listening on|Demo partner client id:|Demo partner client secret:) (.+)$/;

export async function startSandboxChild(dataDir: string): Promise<SandboxChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/sandbox-process.ts', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const found: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    child.on('exit', () => reject(new Error('sandbox exited')));
    lines.on('line', (line) => {
      const m = LINE.exec(line);
      if (m) found[m[1]!] = m[2]!;
      if (Object.keys(found).length === 3) resolve();
    });
  });
  return {
    url: found['Sandbox API listening on']!,
    clientId: found['Demo partner client id:']!,
    clientSecret: found['Demo partner client secret:']!,
    pid: child.pid!,
    stop: () => child.kill('SIGTERM'),
  };
}
