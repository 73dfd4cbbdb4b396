// Where the installed app starts: the managed configuration (fleet policy), the person's earlier
// choice and the first-run chooser, in the precedence of shared/config/policy.ts. Only a start in
// the training sandbox starts the embedded sandbox; managed environments become profiles.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  ManagedConfigSchema,
  TRAINING_SANDBOX,
  managedConfigPath,
  type ManagedConfig,
  type StartupChoice,
} from '../../shared/config/policy.js';
import type { Profile } from '../../shared/ipc/model.js';
import type { CoreLike } from './core-port.js';

const CHOICE_FILE = 'environment-choice.json';
const ChoiceSchema = z.object({ environment: z.string().min(1) });

/** Null when there is no file; an Error naming the file and the problem when it is not valid. */
export function readManagedConfig(
  platform: string,
  env: Record<string, string | undefined>,
): ManagedConfig | null {
  const file = managedConfigPath(platform, env);
  if (!existsSync(file)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The managed configuration ${file} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = ManagedConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(
      `The managed configuration ${file} is not valid: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  return parsed.data;
}

export function readPersonChoice(userDataDir: string): string | null {
  try {
    return ChoiceSchema.parse(JSON.parse(readFileSync(path.join(userDataDir, CHOICE_FILE), 'utf8')))
      .environment;
  } catch {
    return null;
  }
}

export function savePersonChoice(userDataDir: string, environment: string): void {
  writeFileSync(path.join(userDataDir, CHOICE_FILE), JSON.stringify({ environment }), { mode: 0o600 });
}

/** The words of the first-run chooser's buttons. */
export function chooserLabel(name: string): string {
  if (name === TRAINING_SANDBOX) return 'Training sandbox (practice data)';
  if (name === 'test') return 'Test (set up in Settings)';
  if (name === 'live') return 'Live (set up in Settings)';
  return name;
}

/**
 * Creates a profile for each managed environment that has none yet and activates the start
 * environment (the training sandbox's profile is the core's own, made from CoreOptions.sandbox).
 */
export async function applyStartup(
  core: CoreLike,
  config: ManagedConfig | null,
  choice: StartupChoice & { start: string },
): Promise<void> {
  const list = await core.handle('profiles.list', {});
  if (!list.ok) throw new Error(list.error.message);
  const profiles = list.value as Profile[];
  for (const env of config?.environments ?? []) {
    if (profiles.some((p) => p.kind === env.kind && p.baseUrl === env.baseUrl)) continue;
    const saved = await core.handle('profiles.save', { ...env, tokenUrl: env.tokenUrl ?? null });
    if (!saved.ok) throw new Error(saved.error.message);
    profiles.push(saved.value as Profile);
  }
  const managed = config?.environments.find((e) => e.name === choice.start);
  const target =
    choice.start === TRAINING_SANDBOX
      ? profiles.find((p) => p.kind === 'sandbox')
      : managed
        ? profiles.find((p) => p.kind === managed.kind && p.baseUrl === managed.baseUrl)
        : null;
  // 'test' or 'live' without a managed environment: no profile yet; Settings sets it up.
  // Starting in Live was decided by the bank's managed configuration or by the person in the
  // chooser (or earlier), which is the confirmation a switch to Live asks for.
  if (target) await core.handle('profiles.activate', { id: target.id, confirmLive: true });
}
