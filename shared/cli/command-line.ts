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

/** parseArgs explains some refusals over several lines (what was meant, how to write it): kept, on one. */
function oneLine(message: string): string {
  return message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => (/[.?!]$/.test(line) ? line : `${line}.`))
    .join(' ')
    .replace(/\.$/, '');
}

export function usageText(command: string, summary: string, flags: Record<string, FlagSpec>): string {
  const lines = Object.entries({ ...flags, help: { type: 'boolean', help: 'print this help' } }).map(
    ([name, spec]) => `  --${name}${spec.type === 'string' ? ' ' : '  '}${spec.help}`,
  );
  return [`Usage: ${command} [options]`, '', summary, '', 'Options:', ...lines].join('\n');
}

/**
 * Writes `--flag VALUE` as `--flag=VALUE` for string flags, so a value that begins with a dash (a
 * generated client secret does, one time in 64) is taken as the value rather than refused as
 * ambiguous. A next argument that is itself one of the command's flags, or the end-of-options marker
 * `--`, stays apart: then the value was forgotten, and parseArgs says so.
 */
function joinStringValues(args: string[], options: Record<string, { type: 'string' | 'boolean' }>): string[] {
  const isFlag = (arg: string) => {
    if (arg === '--') return true;
    const name = /^--([^=]+)/.exec(arg)?.[1];
    return name !== undefined && name in options;
  };
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const name = /^--([^=]+)$/.exec(arg)?.[1];
    if (name !== undefined && options[name]?.type === 'string' && next?.startsWith('-') && !isFlag(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
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
    values = parseArgs({
      args: joinStringValues(args, options),
      options,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    const reason = error instanceof Error ? oneLine(error.message) : String(error);
    return { kind: 'refused', message: `${command}: ${reason}. Run ${command} --help for the options.` };
  }
  if (values.help === true) return { kind: 'help', text: usageText(command, summary, flags) };
  const { help: _help, ...rest } = values;
  return { kind: 'run', values: rest as FlagValues<F> };
}
