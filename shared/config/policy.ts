// The managed configuration a bank's IT department installs, the way browsers and editors take
// fleet policies: which environments the desktop app offers, which one it starts in, and whether
// the embedded training sandbox exists at all. Where the file lives is documented in
// docs/security.md; FICA_DESK_POLICY overrides it (tests, pilots).
//
// Precedence when the app starts:
//   1. the managed configuration's defaultEnvironment, when it names an offered environment;
//   2. else the environment the person chose before (kept in the data folder), when still offered;
//   3. else, with only one environment offered, that one;
//   4. else the person chooses (the first-run chooser).
// The training sandbox is offered unless the managed configuration says offerTrainingSandbox: false.
import { z } from 'zod';
import { ProfileKindSchema } from '../ipc/model.js';

export const TRAINING_SANDBOX = 'training-sandbox';

const httpsUrl = z.url({ protocol: /^https$/ });

export const ManagedEnvironmentSchema = z.strictObject({
  /** Shown in the chooser and the header; also how defaultEnvironment names it. */
  name: z.string().trim().min(1).max(80),
  kind: ProfileKindSchema.exclude(['sandbox']),
  baseUrl: httpsUrl,
  tokenUrl: httpsUrl.optional(),
});

export const ManagedConfigSchema = z
  .strictObject({
    environments: z.array(ManagedEnvironmentSchema).max(20).default([]),
    /** The name of one of `environments`, or 'training-sandbox'. */
    defaultEnvironment: z.string().trim().min(1).optional(),
    offerTrainingSandbox: z.boolean().default(true),
  })
  .superRefine((config, ctx) => {
    const names = config.environments.map((e) => e.name);
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['environments'], message: 'Environment names must be unique.' });
    const d = config.defaultEnvironment;
    if (d === undefined) return;
    if (d === TRAINING_SANDBOX ? !config.offerTrainingSandbox : !names.includes(d))
      ctx.addIssue({
        code: 'custom',
        path: ['defaultEnvironment'],
        message: `defaultEnvironment ${JSON.stringify(d)} is not one of the offered environments.`,
      });
  });
export type ManagedConfig = z.infer<typeof ManagedConfigSchema>;

/** Where the managed configuration lives on each OS (process.platform values). */
export function managedConfigPath(platform: string, env: Record<string, string | undefined>): string {
  if (env.FICA_DESK_POLICY) return env.FICA_DESK_POLICY;
  if (platform === 'win32') return `${env.ProgramData ?? 'C:\\ProgramData'}\\FICA Desk\\policy.json`;
  if (platform === 'darwin') return '/Library/Application Support/FICA Desk/policy.json';
  return '/etc/fica-desk/policy.json';
}

export interface StartupChoice {
  /**
   * Environment names offered, the training sandbox included when allowed; without managed
   * environments, 'test' and 'live' stand for one the person sets up in Settings.
   */
  offered: string[];
  /** Where the app starts; null: the person chooses first. */
  start: string | null;
  /** Why, in words for a log line or the chooser. */
  reason: 'managed-default' | 'person-chose' | 'only-one' | 'choose';
  /** The embedded sandbox is started only when the app starts in it or may be switched to it. */
  trainingSandboxOffered: boolean;
}

/** Applies the precedence above. `config` null: no managed configuration file. */
export function resolveStartup(config: ManagedConfig | null, personChose: string | null): StartupChoice {
  const effective = config ?? ManagedConfigSchema.parse({});
  // Without managed environments the person sets up test or live by hand (Settings), so the
  // chooser offers those kinds; a bank that lists its environments offers exactly those.
  const listed = effective.environments.map((e) => e.name);
  const offered = [
    ...(listed.length > 0 ? listed : (['test', 'live'] as string[])),
    ...(effective.offerTrainingSandbox ? [TRAINING_SANDBOX] : []),
  ];
  const base = { offered, trainingSandboxOffered: effective.offerTrainingSandbox };
  if (effective.defaultEnvironment && offered.includes(effective.defaultEnvironment))
    return { ...base, start: effective.defaultEnvironment, reason: 'managed-default' };
  if (personChose && offered.includes(personChose))
    return { ...base, start: personChose, reason: 'person-chose' };
  if (offered.length === 1) return { ...base, start: offered[0]!, reason: 'only-one' };
  return { ...base, start: null, reason: 'choose' };
}
