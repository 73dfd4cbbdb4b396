// What every command-line entry does with its arguments: `--help` prints the usage, an unknown or
// malformed flag is refused in one line (exit code 2, no stack trace). Runtime-neutral: the caller
// passes Node's util.parseArgs, so the server, the host and the scripts share one behaviour.

export interface FlagSpec {
  type: 'string' | 'boolean';
  /** One line for --help, e.g. 'PORT  port to listen on (default 4010)'. */
  help: string;
}

export type FlagValues<F extends Record<string, FlagSpec>> = {
  [K in keyof F]?: F[K]['type'] extends 'boolean' ? boolean : string;
};

export type CommandLine<F extends Record<string, FlagSpec>> =
  | { kind: 'run'; values: FlagValues<F> }
  | { kind: 'help'; text: string }
  | { kind: 'refused'; message: string };

/** The subset of util.parseArgs used here. */
export type ParseArgs = (config: {
  args: string[];
  options: Record<string, { type: 'string' | 'boolean' }>;
  strict: true;
  allowPositionals: false;
}) => { values: Record<string, unknown> };

export function usageText(command: string, summary: string, flags: Record<string, FlagSpec>): string {
  const lines = Object.entries({ ...flags, help: { type: 'boolean', help: 'print this help' } }).map(
    ([name, spec]) => `  --${name}${spec.type === 'string' ? ' ' : '  '}${spec.help}`,
  );
  return [`Usage: ${command} [options]`, '', summary, '', 'Options:', ...lines].join('\n');
}

export function parseCommandLine<F extends Record<string, FlagSpec>>(
  parseArgs: ParseArgs,
  args: string[],
  command: string,
  summary: string,
  flags: F,
): CommandLine<F> {
  const options: Record<string, { type: 'string' | 'boolean' }> = { help: { type: 'boolean' } };
  for (const [name, spec] of Object.entries(flags)) options[name] = { type: spec.type };
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]!.replace(/\.$/, '') : String(error);
    return { kind: 'refused', message: `${command}: ${reason}. Run ${command} --help for the options.` };
  }
  if (values.help === true) return { kind: 'help', text: usageText(command, summary, flags) };
  const { help: _help, ...rest } = values;
  return { kind: 'run', values: rest as FlagValues<F> };
}
