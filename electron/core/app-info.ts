// What the About and sign-in screens are told of this build (`app.info`).
import type { ChannelOutput } from '../../shared/ipc/contract.js';
import type { StaffRole } from '../../shared/domain/staff-roles.js';

export interface AppInfoOptions {
  version?: string;
  shell?: 'electron' | 'web';
  sandbox?: { url: string; staff?: { email: string; role: StaffRole; password: string }[] };
  keychain: 'system' | 'development-file';
}

export function appInfo({ version, shell, sandbox, keychain }: AppInfoOptions): ChannelOutput<'app.info'> {
  return {
    version: version ?? '0.1.0',
    shell: shell ?? 'electron',
    sandboxUrl: sandbox?.url ?? null,
    trainingAccounts: (sandbox?.staff ?? []).map(({ email, role, password }) => ({ email, role, password })),
    keychain,
  };
}
